#include "sketches/density/density_family.h"

#include <vector>

#include "sketches/density/density_checks.h"
#include "sketches/density/density_image_layout.h"
#include "sketches/density/density_snippets.h"
#include "sketches/density/density_suites.h"

namespace dsconform {

// sketches/density/density_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kDensityStepsJson[];

namespace {

class Density final : public Family {
 public:
  std::string name() const override { return "density"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kDensityStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return DensitySuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeDensityImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeDensityImageRanges(image, ranges);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& values) const override {
    return CheckDensityInvariant(invariant, values);
  }

  // The TCK (serialization_test_data) has no density files: nothing to import.
  std::string JavaSnippet(const Case& c) const override { return DensityJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return DensityCppSnippet(c); }

  // No snapshot prefix: the TCK names no density files, so only the fuzzing reads images alone.
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return DensitySnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& density() {
  static const Density* family = new Density();
  return *family;
}

}  // namespace families

}  // namespace dsconform
