#include "sketches/hll/hll_family.h"

#include "harness/truth/distinct/distinct_kind.h"
#include "sketches/hll/hll_image_checks.h"
#include "sketches/hll/hll_image_layout.h"
#include "sketches/hll/hll_snippets.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {

// sketches/hll/hll_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kHllStepsJson[];

namespace {

class Hll final : public Family {
 public:
  std::string name() const override { return "hll"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kHllStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return HllSuites(); }
  std::vector<const TruthKind*> truth_kinds() const override { return {&DistinctTruthKind()}; }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeHllImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeEachRange(image, ranges, DecodeHllImageRange);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& values) const override {
    return CheckHllInvariant(invariant, values);
  }

  std::string JavaSnippet(const Case& c) const override { return HllJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return HllCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"hll4", "hll6", "hll8"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return HllSnapshotCase(id, image);
  }

};

}  // namespace

namespace families {
const Family& hll() {
  static const Hll* family = new Hll();
  return *family;
}

}  // namespace families

}  // namespace dsconform
