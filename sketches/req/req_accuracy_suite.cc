// req.accuracy: many seeded trials whose answers are judged against the exact
// ranks of their items (harness/truth/ranks/rank_truth.h), relative to the
// rank's distance from the mode's accurate end: each rank and quantile answer
// against the library's own 3-sd rank bounds at that rank, which are 0 where
// it says ranks are exact (RankTruth::relative). Per k, mode, input order and
// stream length n; each trial a fresh permutation of n values and its own
// random bits, so the study sees the spread of the error. One case per trial
// and n: trials shard over workers and machines.
#include "absl/strings/str_cat.h"
#include "harness/family/recipe_suite.h"
#include "harness/truth/ranks/rank_entries.h"
#include "harness/truth/ranks/rank_trials.h"
#include "sketches/req/req_checks.h"
#include "sketches/req/req_suites.h"

namespace dsconform {
namespace {

struct StudySize {
  std::vector<int> ks;
  std::vector<ItemOrder> orders;
  int trials;
  int64_t max_n;
};

// Seconds in the default test run, a minute or two at reduced, a study under `full`.
StudySize SizeFor(SuiteScale scale) {
  switch (scale) {
    case SuiteScale::kSmoke: return {{12}, {ItemOrder::kShuffled}, 2, int64_t{1} << 12};
    case SuiteScale::kReduced: return {{4, 12, 50}, {ItemOrder::kShuffled}, 8, int64_t{1} << 16};
    case SuiteScale::kFull:  // slices with --cases
      return {{4, 12, 50, 100}, {ItemOrder::kShuffled, ItemOrder::kAscending, ItemOrder::kDescending}, 100,
              int64_t{1} << 18};
  }
  return {};
}

// The grids of the judged query: 65 ranks (i/64, exact as decimals) and up to
// 65 points spread over the values; the error of a trial is its worst answer
// relative to the stated error at its rank.
constexpr int kGridIntervals = 64;

class ReqAccuracy final : public RecipeSuite {
 public:
  std::string name() const override { return "req.accuracy"; }
  std::string description() const override {
    return "ranks and quantiles at both criteria against the exact ranks, each relative to the library's own 3-sd "
           "rank bounds at its rank (0 where it says exact), over seeded trials per k, mode, order and a ladder of "
           "stream lengths";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    const StudySize size = SizeFor(scale);
    std::vector<CaseRecipe> recipes;
    for (int k : size.ks)
      for (bool hra : {true, false})
        for (ItemOrder order : size.orders)
          for (int64_t n : RankTrialLadder(size.max_n))
            for (int trial = 0; trial < size.trials; ++trial)
              recipes.push_back([=] { return MakeCase(k, hra, order, n, trial); });
    return recipes;
  }

 private:
  Case MakeCase(int k, bool hra, ItemOrder order, int64_t n, int trial) const {
    const std::string series = absl::StrCat("k=", k, " ", ReqModeName(hra), " ", ItemOrderName(order));
    const std::string config = absl::StrCat(series, " n=", n);
    CaseBuilder b(absl::StrCat("req/accuracy/k=", k, "/mode=", ReqModeName(hra), "/order=", ItemOrderName(order),
                               "/n=", n, "/trial=", trial),
                  name(), "req");
    // The random bits of the compactions differ per trial; a 31-bit pin reads the same in every language.
    // An engine that cannot pin them (python, go, rust) uses its own: only the truth judges these answers.
    const int64_t random_bits = static_cast<int64_t>(RankTrialSeed(config, trial, 2) >> 33);
    AddReqCreate(b, "a", k, hra);
    b.Update("a", ReqItems(0, n, order, RankTrialSeed(config, trial, 1)),
             {{"seed", random_bits}, {"seed_optional", true}});
    // Each library decides with its own random bits: the answers are compared within a language only.
    const std::string as = absl::StrCat("lang.n", n);
    b.Step("query", "a",
           {{"queries", {"n", "ranks", "ranks_excl", "quantiles", "quantiles_excl", "rank_lb1", "rank_ub1", "rank_lb2",
                         "rank_ub2", "rank_lb3", "rank_ub3"}},
            {"ranks", RankGrid(kGridIntervals)},
            {"points", PointGrid("float", 0, n, kGridIntervals)},
            {"as", as}});
    // Past the first compaction the bounds are no longer the rank itself: they must nest.
    b.Check("req_bounds_nested", ReqBoundsFields(as, RankGrid(kGridIntervals).size()));
    RankTruth truth{as, n, series};
    truth.relative = true;
    AddRankTruth(b, truth);
    return b.Build();
  }
};

}  // namespace

const Suite& ReqAccuracySuite() {
  static const ReqAccuracy* suite = new ReqAccuracy();
  return *suite;
}

}  // namespace dsconform
