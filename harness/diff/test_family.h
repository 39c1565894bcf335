#ifndef DSCONFORM_HARNESS_DIFF_TEST_FAMILY_H_
#define DSCONFORM_HARNESS_DIFF_TEST_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// A family that decodes nothing and checks nothing, for the unit tests of the differ and the
// invariant checker to override what they exercise.
class TestFamily : public Family {
 public:
  std::string name() const override { return "test"; }
  const StepVocabulary& vocabulary() const override {
    static const StepVocabulary& v =
        StepVocabulary::Compiled(R"({"family": "test", "slot_kinds": {"sketch": null}, "steps": []})");
    return v;
  }
  std::vector<const Suite*> suites() const override { return {}; }
  std::vector<DecodedField> DecodeImage(std::string_view) const override { return {}; }
  std::vector<DecodedField> DecodeImageRanges(std::string_view, const std::vector<ByteRange>&) const override {
    return {};
  }
  std::vector<std::string> CheckInvariant(const Invariant&, const std::vector<const Value*>&) const override {
    return {};
  }
  std::string JavaSnippet(const Case&) const override { return ""; }
  std::string CppSnippet(const Case&) const override { return ""; }
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_DIFF_TEST_FAMILY_H_
