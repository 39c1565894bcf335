#include "sketches/varopt/varopt_family.h"

#include <vector>

#include "absl/strings/str_cat.h"

#include "sketches/varopt/varopt_image_layout.h"
#include "sketches/varopt/varopt_snippets.h"
#include "sketches/varopt/varopt_suites.h"

namespace dsconform {

// sketches/varopt/varopt_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kVaroptStepsJson[];

namespace {

class Varopt final : public Family {
 public:
  std::string name() const override { return "varopt"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kVaroptStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return VaroptSuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeVaroptImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeVaroptImageRanges(image, ranges);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& /*values*/) const override {
    return {absl::StrCat("varopt has no invariant check '", invariant.check, "'")};
  }

  std::string JavaSnippet(const Case& c) const override { return VaroptJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return VaroptCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"varopt_sketch"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return VaroptSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& varopt() {
  static const Varopt* family = new Varopt();
  return *family;
}

}  // namespace families

}  // namespace dsconform
