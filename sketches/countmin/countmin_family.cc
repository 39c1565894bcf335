#include "sketches/countmin/countmin_family.h"

#include <vector>

#include "sketches/countmin/countmin_image_layout.h"
#include "sketches/countmin/countmin_invariants.h"
#include "sketches/countmin/countmin_snippets.h"
#include "sketches/countmin/countmin_suites.h"

namespace dsconform {

// sketches/countmin/countmin_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kCountminStepsJson[];

namespace {

class Countmin final : public Family {
 public:
  std::string name() const override { return "countmin"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kCountminStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return CountminSuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeCountminImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeCountminImageRanges(image, ranges);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& values) const override {
    return CheckCountminInvariant(invariant, values);
  }

  std::string JavaSnippet(const Case& c) const override { return CountminJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return CountminCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"count_min"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return CountminSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& countmin() {
  static const Countmin* family = new Countmin();
  return *family;
}

}  // namespace families

}  // namespace dsconform
