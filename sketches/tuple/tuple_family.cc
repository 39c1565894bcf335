#include "sketches/tuple/tuple_family.h"

#include "absl/strings/str_cat.h"
#include "sketches/tuple/tuple_image_layout.h"
#include "sketches/tuple/tuple_snippets.h"
#include "sketches/tuple/tuple_suites.h"

namespace dsconform {

// sketches/tuple/tuple_steps.json, compiled in (cmake/EmbedText.cmake).
extern const char kTupleStepsJson[];

namespace {

class Tuple final : public Family {
 public:
  std::string name() const override { return "tuple"; }

  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v = StepVocabulary::Compiled(kTupleStepsJson);
    return v;
  }

  std::vector<const Suite*> suites() const override { return TupleSuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeTupleImage(image); }
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeEachRange(image, ranges, DecodeTupleImageRange);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& /*values*/) const override {
    return {absl::StrCat("tuple has no invariant check '", invariant.check, "'")};
  }

  std::string JavaSnippet(const Case& c) const override { return TupleJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return TupleCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"tuple", "aod", "aos"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return TupleSnapshotCase(id, image);
  }
};

}  // namespace

namespace families {
const Family& tuple() {
  static const Tuple* family = new Tuple();
  return *family;
}

}  // namespace families

}  // namespace dsconform
