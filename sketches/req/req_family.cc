#include "sketches/req/req_family.h"

#include <vector>

#include "harness/truth/ranks/rank_kind.h"
#include "sketches/req/req_checks.h"
#include "sketches/req/req_image_layout.h"
#include "sketches/req/req_snippets.h"
#include "sketches/req/req_suites.h"

namespace dsconform {

// sketches/req/req_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kReqStepsJson[];

namespace {

class Req final : public Family {
 public:
  std::string name() const override { return "req"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kReqStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return ReqSuites(); }
  std::vector<const TruthKind*> truth_kinds() const override { return {&RankTruthKind()}; }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeReqImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeReqImageRanges(image, ranges);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& values) const override {
    return CheckReqInvariant(invariant, values);
  }

  std::string JavaSnippet(const Case& c) const override { return ReqJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return ReqCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"req"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return ReqSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& req() {
  static const Req* family = new Req();
  return *family;
}

}  // namespace families

}  // namespace dsconform
