#include "harness/truth/ranks/rank_accuracy_suite.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "harness/family/recipe_suite.h"
#include "harness/truth/ranks/rank_entries.h"
#include "harness/truth/ranks/rank_grids.h"
#include "harness/truth/ranks/rank_trials.h"

namespace dsconform {
namespace {

// The grids of the judged query: 65 ranks (i/64, exact as decimals) and up to
// 65 points spread over the values; the error of a trial is its largest over them.
constexpr int kGridIntervals = 64;

int TrialsOf(const RankStudySize& size, const std::string& item, ItemOrder order) {
  const bool main = item == "double" && order == ItemOrder::kShuffled;
  return main && size.main_series_trials > 0 ? size.main_series_trials : size.trials;
}

class RankAccuracySuite final : public RecipeSuite {
 public:
  explicit RankAccuracySuite(RankAccuracyStudy study) : study_(std::move(study)) {}

  std::string name() const override { return study_.family + ".accuracy"; }
  std::string description() const override {
    return "ranks, quantiles and pmf at both criteria against the exact ranks, over seeded trials per k, item "
           "type, order and a ladder of stream lengths; observed error against the stated normalized rank error";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    const RankStudySize size = study_.size(scale);
    std::vector<CaseRecipe> recipes;
    for (int k : size.ks)
      for (const std::string& item : size.items)
        for (ItemOrder order : size.orders)
          for (int64_t n : RankTrialLadder(size.max_n))
            for (int trial = 0; trial < TrialsOf(size, item, order); ++trial)
              recipes.push_back([=] { return MakeCase(k, item, order, n, trial); });
    return recipes;
  }

 private:
  Case MakeCase(int k, const std::string& item, ItemOrder order, int64_t n, int trial) const {
    const std::string series = absl::StrCat("k=", k, " ", item, " ", ItemOrderName(order));
    const std::string config = absl::StrCat(series, " n=", n);
    CaseBuilder b(absl::StrCat(study_.family, "/accuracy/k=", k, "/item=", item, "/order=", ItemOrderName(order),
                               "/n=", n, "/trial=", trial),
                  name(), study_.family);
    // The random bits of the compactions differ per trial; a 31-bit pin reads the same in every language.
    // An engine that cannot pin them (python@) may use its own: only the truth judges these answers.
    const int64_t random_bits = static_cast<int64_t>(RankTrialSeed(config, trial, 2) >> 33);
    b.Step("create", "a", {{"k", k}, {"item", item}})
        .Update("a", study_.items(item, 0, n, order, RankTrialSeed(config, trial, 1)),
                {{"seed", random_bits}, {"seed_optional", true}});
    // Each library decides with its own random bits: the answers are compared within a language only.
    const std::string as = absl::StrCat("lang.n", n);
    b.Step("query", "a",
           {{"queries", {"n", "rank_error", "rank_error_pmf", "ranks", "ranks_excl", "quantiles", "quantiles_excl",
                         "pmf", "pmf_excl"}},
            {"ranks", RankGrid(kGridIntervals)},
            {"points", PointGrid(item, 0, n, kGridIntervals)},
            {"as", as}});
    AddRankTruth(b, {as, n, series});
    return b.Build();
  }

  RankAccuracyStudy study_;
};

}  // namespace

std::unique_ptr<Suite> MakeRankAccuracySuite(RankAccuracyStudy study) {
  return std::make_unique<RankAccuracySuite>(std::move(study));
}

}  // namespace dsconform
