#include "sketches/kll/kll_family.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/truth/ranks/rank_kind.h"
#include "sketches/kll/kll_image_layout.h"
#include "sketches/kll/kll_snippets.h"
#include "sketches/kll/kll_suites.h"

namespace dsconform {

// sketches/kll/kll_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kKllStepsJson[];

namespace {

class Kll final : public Family {
 public:
  std::string name() const override { return "kll"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kKllStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return KllSuites(); }
  std::vector<const TruthKind*> truth_kinds() const override { return {&RankTruthKind()}; }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeKllImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeKllImageRanges(image, ranges);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& /*values*/) const override {
    return {absl::StrCat("kll has no invariant check '", invariant.check, "'")};
  }

  std::string JavaSnippet(const Case& c) const override { return KllJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return KllCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"kll"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return KllSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& kll() {
  static const Kll* family = new Kll();
  return *family;
}

}  // namespace families

}  // namespace dsconform
