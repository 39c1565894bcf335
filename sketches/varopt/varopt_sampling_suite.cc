// varopt.sampling: sketches past k (n = k+1 up to far above), every weight
// scheme. Each library samples with its own random bits (only datasketches-cpp
// can be pinned), so the first stage's image, sample and subset sums are
// "lang." fields; n, k and the sample size are not. The cross stage compares
// across languages what does not depend on the bits: the image read by the
// other side answers like its writer, and written again gives the same bytes.
#include "absl/strings/str_cat.h"
#include "sketches/varopt/varopt_suites.h"

namespace dsconform {
namespace {

class VaroptSampling final : public Suite {
 public:
  std::string name() const override { return "varopt.sampling"; }
  std::string description() const override {
    return "n past k, longs and strings, every weight scheme, random bits pinned where a library allows: queries; "
           "each language's image read, answered and written again by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int64_t> ks = scale == SuiteScale::kSmoke ? std::vector<int64_t>{1, 10, 100}
                                                                : std::vector<int64_t>{1, 2, 10, 100, 1000};
    const std::vector<int64_t> factors =
        scale == SuiteScale::kSmoke ? std::vector<int64_t>{1, 10} : std::vector<int64_t>{1, 10, 100};
    std::vector<Case> cases;
    for (const char* item : {"long", "string"})
      for (int64_t k : ks)
        for (const std::string& scheme : VaroptWeightSchemes())
          for (int64_t f : factors) {
            const int64_t n = f == 1 ? k + 1 : k * f;
            if (scheme == "skewed" && n < 4) continue;
            cases.push_back(MakeCase(item, k, scheme, n));
          }
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, int64_t k, const std::string& scheme, int64_t n) const {
    CaseBuilder b(absl::StrCat("varopt/sampling/item=", item, "/k=", k, "/weights=", scheme, "/n=", n), name(),
                  "varopt");
    b.Step("create", "a", {{"k", k}, {"item", item}});
    AddVaroptUpdates(b, "a", item, 0, n, scheme, true);
    // What the random bits do not decide.
    b.Step("query", "a", {{"queries", {"k", "n", "num_samples", "is_empty"}}});
    b.Step("serialize", "a", {{"form", "compact"}, {"as", "lang.a"}});
    AddVaroptObservations(b, "a", "lang.a", true, k <= kVaroptMaxSampled);
    AddVaroptCross(b, "lang.a.compact", item, 5, k <= kVaroptMaxSampled);
    return b.Build();
  }
};

}  // namespace

const Suite& VaroptSamplingSuite() {
  static const VaroptSampling* suite = new VaroptSampling();
  return *suite;
}

}  // namespace dsconform
