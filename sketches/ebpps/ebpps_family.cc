#include "sketches/ebpps/ebpps_family.h"

#include <vector>

#include "sketches/ebpps/ebpps_checks.h"
#include "sketches/ebpps/ebpps_image_layout.h"
#include "sketches/ebpps/ebpps_snippets.h"
#include "sketches/ebpps/ebpps_suites.h"

namespace dsconform {

// sketches/ebpps/ebpps_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kEbppsStepsJson[];

namespace {

class Ebpps final : public Family {
 public:
  std::string name() const override { return "ebpps"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kEbppsStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return EbppsSuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeEbppsImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeEbppsImageRanges(image, ranges);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& values) const override {
    return CheckEbppsInvariant(invariant, values);
  }

  std::vector<std::string> SnapshotPrefixes() const override { return {"ebpps"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return EbppsSnapshotCase(id, image);
  }
  std::string JavaSnippet(const Case& c) const override { return EbppsJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return EbppsCppSnippet(c); }
};

}  // namespace

namespace families {
const Family& ebpps() {
  static const Ebpps* family = new Ebpps();
  return *family;
}

}  // namespace families

}  // namespace dsconform
