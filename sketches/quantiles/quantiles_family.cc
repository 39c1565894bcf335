#include "sketches/quantiles/quantiles_family.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/truth/ranks/rank_kind.h"
#include "sketches/quantiles/quantiles_image_layout.h"
#include "sketches/quantiles/quantiles_snippets.h"
#include "sketches/quantiles/quantiles_suites.h"

namespace dsconform {

// sketches/quantiles/quantiles_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kQuantilesStepsJson[];

namespace {

class Quantiles final : public Family {
 public:
  std::string name() const override { return "quantiles"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kQuantilesStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return QuantilesSuites(); }
  std::vector<const TruthKind*> truth_kinds() const override { return {&RankTruthKind()}; }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeQuantilesImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeQuantilesImageRanges(image, ranges);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& /*values*/) const override {
    return {absl::StrCat("quantiles has no invariant check '", invariant.check, "'")};
  }

  std::string JavaSnippet(const Case& c) const override { return QuantilesJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return QuantilesCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"quantiles"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return QuantilesSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& quantiles() {
  static const Quantiles* family = new Quantiles();
  return *family;
}

}  // namespace families

}  // namespace dsconform
