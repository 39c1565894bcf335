// hll.relative_error: the a-priori relative error function, bit for bit.
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {
namespace {

class HllRelativeError final : public Suite {
 public:
  std::string name() const override { return "hll.relative_error"; }
  std::string description() const override {
    return "getRelErr / get_rel_err for every lgK 4..21, upper and lower, unioned or not, 1..3 standard deviations";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Case> cases;
    for (int lg_k = 4; lg_k <= 21; ++lg_k) {
      if (scale == SuiteScale::kSmoke && lg_k % 4 != 0) continue;
      CaseBuilder b(absl::StrCat("hll/rel_err/lgk=", lg_k), name(), "hll");
      for (int upper = 0; upper <= 1; ++upper)
        for (int unioned = 0; unioned <= 1; ++unioned)
          for (int sd = 1; sd <= 3; ++sd)
            b.Step("rel_err", "",
                   {{"lg_k", lg_k},
                    {"upper", upper},
                    {"unioned", unioned},
                    {"sd", sd},
                    {"as", absl::StrCat(upper ? "upper" : "lower", unioned ? ".unioned" : "", ".sd", sd)}});
      cases.push_back(b.Build());
    }
    return cases;
  }
};

}  // namespace

const Suite& HllRelativeErrorSuite() {
  static const HllRelativeError* suite = new HllRelativeError();
  return *suite;
}

}  // namespace dsconform
