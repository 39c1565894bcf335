// ebpps.accuracy: is every item in the sample with probability C * w / W, as
// EBPPS promises (C = min(k, W / w_max))? Each case is one configuration: T
// sketches of the longs 0..n-1 weighted by a pattern (EbppsWeights), each with
// its own pinned bits (an engine that cannot pin them, python@, draws its
// own), and the sample each gives; the check ebpps_inclusion_<pattern> counts
// every item over the trials against its probability
// (harness/truth/inclusion_test.h). The first trial's image says n, k and C;
// the check's last field, lang.random_bits, whether the engine drew its own bits.
#include "absl/strings/str_cat.h"
#include "harness/case/splitmix64.h"
#include "harness/diff/differ.h"
#include "harness/family/recipe_suite.h"
#include "sketches/ebpps/ebpps_suites.h"

namespace dsconform {
namespace {

struct Config {
  int k;
  int64_t n;
  EbppsWeights w;
};

// A trial's seed, spread by SplitMix64: java.util.Random's first draws from nearby seeds
// (1001, 2001, ...) are correlated, enough to fail the test; 62 bits, a valid int member.
int64_t TrialSeed(int trial, int salt) {
  return static_cast<int64_t>(SplitMix64(static_cast<uint64_t>(trial) * 4 + static_cast<uint64_t>(salt)).Next() >> 2);
}

class EbppsAccuracy final : public RecipeSuite {
 public:
  std::string name() const override { return "ebpps.accuracy"; }
  std::string description() const override {
    return "inclusion of every item with probability C w / W over T seeded trials, for uniform, ramp, heavy and "
           "tiny weights: chi-square and per-item binomial tests at alpha 0.001 (1e-5 on an engine that cannot pin "
           "its bits)";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    // Smoke keeps the repro program within a Java method (64 KiB of bytecode).
    const int trials = scale == SuiteScale::kSmoke ? 50 : scale == SuiteScale::kReduced ? 1000 : 4000;
    std::vector<Config> configs = {{3, 12, EbppsWeights::kRamp}, {5, 20, EbppsWeights::kHeavy}};
    if (scale != SuiteScale::kSmoke)
      configs.insert(configs.end(), {{3, 12, EbppsWeights::kUniform}, {10, 40, EbppsWeights::kRamp},
                                     {4, 8, EbppsWeights::kRamp}, {10, 40, EbppsWeights::kTiny},
                                     {8, 16, EbppsWeights::kHeavy}, {2, 30, EbppsWeights::kUniform}});
    std::vector<CaseRecipe> recipes;
    for (const Config& c : configs) recipes.push_back([=] { return MakeCase(c, trials); });
    return recipes;
  }

 private:
  Case MakeCase(const Config& c, int trials) const {
    CaseBuilder b(absl::StrCat("ebpps/accuracy/k=", c.k, "/n=", c.n, "/weights=", EbppsWeightsName(c.w),
                               "/trials=", trials),
                  name(), "ebpps");
    std::vector<std::string> fields;
    for (int t = 0; t < trials; ++t) {
      const std::string a = absl::StrCat("t", t), as = absl::StrCat("lang.t", t);
      b.Step("create", a, {{"k", c.k}, {"item", "long"}});
      AddEbppsUpdates(b, a, "long", 0, c.n, c.w, {{"seed", TrialSeed(t, 1)}, {"seed_optional", true}});
      if (t == 0) {
        b.Step("serialize", a, {{"form", "compact"}, {"as", as}});
        fields.push_back(as + ".compact");
      }
      b.Step("result", a, {{"as", as}, {"seed", TrialSeed(t, 2)}, {"seed_optional", true}});
      fields.push_back(as + ".result.size");
      // At most ceil(C) <= k items: the fields past the sample's size are absent.
      for (int i = 0; i < c.k; ++i) fields.push_back(absl::StrCat(as, ".result[", i, "]"));
    }
    fields.push_back(kOwnRandomBitsField);
    b.Check(absl::StrCat("ebpps_inclusion_", EbppsWeightsName(c.w)), fields);
    return b.Build();
  }
};

}  // namespace

const Suite& EbppsAccuracySuite() {
  static const EbppsAccuracy* suite = new EbppsAccuracy();
  return *suite;
}

}  // namespace dsconform
