#include "sketches/bloom/bloom_family.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "sketches/bloom/bloom_checks.h"
#include "sketches/bloom/bloom_image_layout.h"
#include "sketches/bloom/bloom_snippets.h"
#include "sketches/bloom/bloom_suites.h"

namespace dsconform {

// sketches/bloom/bloom_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kBloomStepsJson[];

namespace {

class Bloom final : public Family {
 public:
  std::string name() const override { return "bloom"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kBloomStepsJson);
    return v;
  }

  // create: the members of the builder it names, and only those.
  absl::Status ValidateStep(const Op& op, const std::map<std::string, std::string>& /*slot_kinds*/) const override {
    if (op.op != "create") return absl::OkStatus();
    const bool by_size = op.Str("by") == "size";
    for (const char* m : {"num_bits", "num_hashes", "max_items", "fpp"}) {
      const bool wanted = (std::string(m) == "num_bits" || std::string(m) == "num_hashes") == by_size;
      if (wanted && !op.args.contains(m)) return absl::InvalidArgumentError(absl::StrCat(m, ": by ", op.Str("by"), " needs it"));
      if (!wanted && op.args.contains(m))
        return absl::InvalidArgumentError(absl::StrCat(m, ": not a member of a filter by ", op.Str("by")));
    }
    return absl::OkStatus();
  }

  std::vector<const Suite*> suites() const override { return BloomSuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeBloomImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeEachRange(image, ranges, DecodeBloomImageRange);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& values) const override {
    return CheckBloomInvariant(invariant, values);
  }

  std::string JavaSnippet(const Case& c) const override { return BloomJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return BloomCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"bf"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return BloomSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& bloom() {
  static const Bloom* family = new Bloom();
  return *family;
}

}  // namespace families

}  // namespace dsconform
