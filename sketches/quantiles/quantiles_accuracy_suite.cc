// quantiles.accuracy: many seeded trials whose answers are judged against the exact
// ranks of their items (harness/truth/ranks/rank_truth.h): per k, item type,
// input order and stream length n, each trial a fresh permutation of n values
// and its own random bits for the compactions, so the study sees the spread
// of the error that the library's stated epsilon (99% confidence) describes.
// One case per trial and n: trials shard over workers and machines.
#include <set>

#include "absl/strings/str_cat.h"
#include "harness/truth/ranks/rank_entries.h"
#include "harness/truth/ranks/rank_trials.h"
#include "sketches/quantiles/quantiles_suites.h"

namespace dsconform {
namespace {

struct StudySize {
  std::vector<int> ks;
  std::vector<const char*> items;
  std::vector<ItemOrder> orders;
  int trials;
  int64_t max_n;
  // The series with enough trials to test a 1% tail: double items, shuffled (full scale only).
  int main_series_trials = 0;
};

// Seconds in the default test run, a minute or two at reduced, a study under `full`.
StudySize SizeFor(SuiteScale scale) {
  switch (scale) {
    case SuiteScale::kSmoke: return {{8, 128}, {"double", "long"}, {ItemOrder::kShuffled}, 3, int64_t{1} << 12};
    case SuiteScale::kReduced:
      return {{8, 32, 128, 1024}, {"double", "long"}, {ItemOrder::kShuffled}, 12, int64_t{1} << 16};
    case SuiteScale::kFull:  // slices with --cases
      return {{8, 32, 128, 1024},
              {"double", "long", "string"},
              {ItemOrder::kShuffled, ItemOrder::kAscending},
              100,
              int64_t{1} << 18,
              500};
  }
  return {};
}

int TrialsOf(const StudySize& size, const std::string& item, ItemOrder order) {
  const bool main = item == "double" && order == ItemOrder::kShuffled;
  return main && size.main_series_trials > 0 ? size.main_series_trials : size.trials;
}

// The grids of the judged query: 65 ranks (i/64, exact as decimals) and up to
// 65 points spread over the values; the error of a trial is its largest over them.
constexpr int kGridIntervals = 64;

class QuantilesAccuracy final : public Suite {
 public:
  std::string name() const override { return "quantiles.accuracy"; }
  std::string description() const override {
    return "ranks, quantiles and pmf at both criteria against the exact ranks, over seeded trials per k, item "
           "type, order and a ladder of stream lengths; observed error against the stated normalized rank error";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const StudySize size = SizeFor(scale);
    std::vector<Case> cases;
    for (int k : size.ks)
      for (const char* item : size.items)
        for (ItemOrder order : size.orders)
          for (int64_t n : RankTrialLadder(size.max_n))
            for (int trial = 0; trial < TrialsOf(size, item, order); ++trial)
              cases.push_back(MakeCase(k, item, order, n, trial));
    return cases;
  }

 private:
  Case MakeCase(int k, const std::string& item, ItemOrder order, int64_t n, int trial) const {
    const std::string series = absl::StrCat("k=", k, " ", item, " ", ItemOrderName(order));
    const std::string config = absl::StrCat(series, " n=", n);
    CaseBuilder b(absl::StrCat("quantiles/accuracy/k=", k, "/item=", item, "/order=", ItemOrderName(order), "/n=", n,
                               "/trial=", trial),
                  name(), "quantiles");
    // The random bits of the compactions differ per trial; a 31-bit pin reads the same in every language.
    // An engine that cannot pin them (python@) may use its own: only the truth judges these answers.
    const int64_t random_bits = static_cast<int64_t>(RankTrialSeed(config, trial, 2) >> 33);
    b.Step("create", "a", {{"k", k}, {"item", item}})
        .Update("a", QuantilesItems(item, 0, n, order, RankTrialSeed(config, trial, 1)),
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
};

}  // namespace

const Suite& QuantilesAccuracySuite() {
  static const QuantilesAccuracy* suite = new QuantilesAccuracy();
  return *suite;
}

}  // namespace dsconform
