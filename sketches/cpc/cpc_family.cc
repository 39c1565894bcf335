#include "sketches/cpc/cpc_family.h"

#include "harness/truth/distinct/distinct_kind.h"
#include "sketches/cpc/cpc_image_checks.h"
#include "sketches/cpc/cpc_image_layout.h"
#include "sketches/cpc/cpc_snippets.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {

// sketches/cpc/cpc_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kCpcStepsJson[];

namespace {

class Cpc final : public Family {
 public:
  std::string name() const override { return "cpc"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kCpcStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return CpcSuites(); }
  std::vector<const TruthKind*> truth_kinds() const override { return {&DistinctTruthKind()}; }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeCpcImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeEachRange(image, ranges, DecodeCpcImageRange);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& values) const override {
    return CheckCpcInvariant(invariant, values);
  }

  std::string JavaSnippet(const Case& c) const override { return CpcJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return CpcCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"cpc"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return CpcSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& cpc() {
  static const Cpc* family = new Cpc();
  return *family;
}

}  // namespace families

}  // namespace dsconform
