#include "sketches/theta/theta_family.h"

#include "absl/strings/str_cat.h"
#include "harness/truth/distinct/distinct_kind.h"
#include "sketches/theta/theta_image_layout.h"
#include "sketches/theta/theta_snippets.h"
#include "sketches/theta/theta_suites.h"

namespace dsconform {

// sketches/theta/theta_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kThetaStepsJson[];

namespace {

class Theta final : public Family {
 public:
  std::string name() const override { return "theta"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kThetaStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return ThetaSuites(); }
  std::vector<const TruthKind*> truth_kinds() const override { return {&DistinctTruthKind()}; }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeThetaImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeEachRange(image, ranges, DecodeThetaImageRange);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& /*values*/) const override {
    return {absl::StrCat("theta has no invariant check '", invariant.check, "'")};
  }

  std::string JavaSnippet(const Case& c) const override { return ThetaJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return ThetaCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"theta"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return ThetaSnapshotCase(id, image);
  }

};

}  // namespace

namespace families {
const Family& theta() {
  static const Theta* family = new Theta();
  return *family;
}

}  // namespace families

}  // namespace dsconform
