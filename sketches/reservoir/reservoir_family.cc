#include "sketches/reservoir/reservoir_family.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "sketches/reservoir/reservoir_checks.h"
#include "sketches/reservoir/reservoir_image_layout.h"
#include "sketches/reservoir/reservoir_snippets.h"
#include "sketches/reservoir/reservoir_suites.h"

namespace dsconform {

// sketches/reservoir/reservoir_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kReservoirStepsJson[];

namespace {

class Reservoir final : public Family {
 public:
  std::string name() const override { return "reservoir"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kReservoirStepsJson);
    return v;
  }

  // api longs holds longs only.
  absl::Status ValidateStep(const Op& op, const std::map<std::string, std::string>& /*slot_kinds*/) const override {
    if (op.args.contains("api") && op.Str("api") == "longs" && op.Str("item") != "long")
      return absl::InvalidArgumentError(absl::StrCat("api: longs holds longs, not ", op.Str("item")));
    return absl::OkStatus();
  }

  std::vector<const Suite*> suites() const override { return ReservoirSuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeReservoirImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeReservoirImageRanges(image, ranges);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& values) const override {
    return CheckReservoirInvariant(invariant, values);
  }

  std::string JavaSnippet(const Case& c) const override { return ReservoirJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return ReservoirCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"reservoir"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return ReservoirSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& reservoir() {
  static const Reservoir* family = new Reservoir();
  return *family;
}

}  // namespace families

}  // namespace dsconform
