// reservoir.accuracy: does every item land in the sample with probability k/n?
// Each case is one configuration: T independent sketches of the longs 0..n-1
// (and unions of two such sketches of different k), each image an engine's own
// ("lang."); the check reservoir_inclusion_uniform counts every item over the
// trials and tests the counts against k/n (harness/truth/inclusion_test.h).
// Neither library can pin its random bits: every run draws afresh.
#include "absl/strings/str_cat.h"
#include "harness/family/recipe_suite.h"
#include "sketches/reservoir/reservoir_suites.h"

namespace dsconform {
namespace {

struct Config {
  int k;
  int64_t n;
  int kb = 0;       // a union: b of k = kb holds the items n..n+nb-1
  int64_t nb = 0;
  int max_k = 0;
};

class ReservoirAccuracy final : public RecipeSuite {
 public:
  std::string name() const override { return "reservoir.accuracy"; }
  std::string description() const override {
    return "inclusion of every item with probability k/n over T unseeded trials, for sketches and for unions of "
           "sketches of different k: chi-square and per-item binomial tests at alpha 1e-5 (the draws cannot be pinned)";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    // Smoke keeps the repro program within a Java method (64 KiB of bytecode).
    const int trials = scale == SuiteScale::kSmoke ? 50 : scale == SuiteScale::kReduced ? 1000 : 4000;
    std::vector<Config> configs = {{3, 12}, {10, 50, 20, 70, 10}};
    if (scale != SuiteScale::kSmoke) {
      configs.insert(configs.end(), {{1, 8}, {2, 5}, {10, 11}, {10, 100}, {50, 200}, {5, 20, 5, 20, 5},
                                     {8, 30, 3, 60, 6}, {4, 4, 4, 40, 4}});
    }
    std::vector<CaseRecipe> recipes;
    for (const Config& c : configs) recipes.push_back([=] { return MakeCase(c, trials); });
    return recipes;
  }

 private:
  Case MakeCase(const Config& c, int trials) const {
    const bool is_union = c.kb > 0;
    const std::string id =
        is_union ? absl::StrCat("reservoir/accuracy/union/k=", c.k, "/n=", c.n, "/kb=", c.kb, "/nb=", c.nb,
                                "/max_k=", c.max_k, "/trials=", trials)
                 : absl::StrCat("reservoir/accuracy/sketch/k=", c.k, "/n=", c.n, "/trials=", trials);
    CaseBuilder b(id, name(), "reservoir");
    std::vector<std::string> images;
    for (int t = 0; t < trials; ++t) {
      const std::string a = absl::StrCat("a", t);
      b.Step("create", a, {{"k", c.k}, {"item", "long"}}).Update(a, ReservoirItems("long", 0, c.n));
      std::string sampled = a;
      if (is_union) {
        const std::string bs = absl::StrCat("b", t), u = absl::StrCat("u", t);
        sampled = absl::StrCat("r", t);
        b.Step("create", bs, {{"k", c.kb}, {"item", "long"}})
            .Update(bs, ReservoirItems("long", c.n, c.nb))
            .Step("create_union", u, {{"max_k", c.max_k}, {"item", "long"}})
            .Step("union", u, {{"from", a}})
            .Step("union", u, {{"from", bs}})
            .Step("get_result", sampled, {{"from", u}});
      }
      const std::string as = absl::StrCat("lang.", sampled);
      b.Step("serialize", sampled, {{"form", "compact"}, {"as", as}});
      images.push_back(as + ".compact");
    }
    b.Check("reservoir_inclusion_uniform", images);
    return b.Build();
  }
};

}  // namespace

const Suite& ReservoirAccuracySuite() {
  static const ReservoirAccuracy* suite = new ReservoirAccuracy();
  return *suite;
}

}  // namespace dsconform
