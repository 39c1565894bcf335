// hll.matrix: every lgK x target type x sizes around each mode transition.
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {
namespace {

class HllMatrix final : public Suite {
 public:
  std::string name() const override { return "hll.matrix"; }
  std::string description() const override {
    return "lgK 4..21 x HLL_4/6/8 x sizes at every LIST/SET/HLL transition and up to 64K: both images, estimates, "
           "bounds at 1..3 standard deviations";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<int> lg_ks;
    int64_t max_items = int64_t{1} << 24;
    switch (scale) {
      case SuiteScale::kSmoke:
        lg_ks = {4, 7, 8, 12};
        max_items = int64_t{1} << 15;
        break;
      case SuiteScale::kReduced:
        for (int lg_k = 4; lg_k <= 16; ++lg_k) lg_ks.push_back(lg_k);
        max_items = int64_t{1} << 20;
        break;
      case SuiteScale::kFull:
        for (int lg_k = 4; lg_k <= 21; ++lg_k) lg_ks.push_back(lg_k);
        break;
    }
    std::vector<Case> cases;
    for (int lg_k : lg_ks) {
      for (const char* type : kHllTypes) {
        for (int64_t n : HllMatrixSizes(lg_k, max_items)) {
          cases.push_back(CaseBuilder(absl::StrCat("hll/sketch/lgk=", lg_k, "/type=", type, "/n=", n), name(), "hll")
                              .Step("create", "a", {{"lg_k", lg_k}, {"type", type}})
                              .Update("a", Sequence(0, n))
                              .Step("serialize", "a", {{"form", "compact"}})
                              .Step("serialize", "a", {{"form", "updatable"}})
                              .Step("query", "a", {{"queries", HllSketchQueries()}})
                              .Check("hll_image_consistent", {"a.compact", "a.updatable"})
                              .Build());
        }
      }
    }
    return cases;
  }
};

}  // namespace

const Suite& HllMatrixSuite() {
  static const HllMatrix* suite = new HllMatrix();
  return *suite;
}

}  // namespace dsconform
