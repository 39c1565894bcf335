#include "sketches/tdigest/tdigest_family.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/truth/ranks/rank_kind.h"
#include "sketches/tdigest/tdigest_image_layout.h"
#include "sketches/tdigest/tdigest_snippets.h"
#include "sketches/tdigest/tdigest_suites.h"

namespace dsconform {

// sketches/tdigest/tdigest_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kTdigestStepsJson[];

namespace {

class Tdigest final : public Family {
 public:
  std::string name() const override { return "tdigest"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kTdigestStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return TdigestSuites(); }
  std::vector<const TruthKind*> truth_kinds() const override { return {&RankTruthKind()}; }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeTdigestImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeTdigestImageRanges(image, ranges);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& /*values*/) const override {
    return {absl::StrCat("tdigest has no invariant check '", invariant.check, "'")};
  }

  std::string JavaSnippet(const Case& c) const override { return TdigestJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return TdigestCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"tdigest"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return TdigestSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& tdigest() {
  static const Tdigest* family = new Tdigest();
  return *family;
}

}  // namespace families

}  // namespace dsconform
