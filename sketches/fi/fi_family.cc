#include "sketches/fi/fi_family.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/truth/frequencies/frequency_kind.h"
#include "sketches/fi/fi_image_layout.h"
#include "sketches/fi/fi_snippets.h"
#include "sketches/fi/fi_suites.h"

namespace dsconform {

// sketches/fi/fi_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kFiStepsJson[];

namespace {

class Fi final : public Family {
 public:
  std::string name() const override { return "fi"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kFiStepsJson);
    return v;
  }

  // What the vocabulary cannot say: impl belongs to long sketches, serde to string ones.
  absl::Status ValidateStep(const Op& op, const std::map<std::string, std::string>& /*slot_kinds*/) const override {
    const std::string item = op.Str("item");
    if (op.args.contains("impl") && item != "long")
      return absl::InvalidArgumentError("impl: only for long items");
    if (op.args.contains("serde") && op.op == "deserialize" && item != "string")
      return absl::InvalidArgumentError("serde: only for string items");
    return absl::OkStatus();
  }

  std::vector<const Suite*> suites() const override { return FiSuites(); }
  std::vector<const TruthKind*> truth_kinds() const override { return {&FrequencyTruthKind()}; }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeFiImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeFiImageRanges(image, ranges);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& /*values*/) const override {
    return {absl::StrCat("fi has no invariant check '", invariant.check, "'")};
  }

  std::string JavaSnippet(const Case& c) const override { return FiJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return FiCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"frequent_long", "frequent_string"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return FiSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& fi() {
  static const Fi* family = new Fi();
  return *family;
}

}  // namespace families

}  // namespace dsconform
