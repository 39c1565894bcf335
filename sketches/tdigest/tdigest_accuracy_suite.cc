// tdigest.accuracy: answers judged against the exact ranks of their items
// (harness/truth/ranks/, the rank truth KLL supplies too): per k, value type,
// input order and a ladder of stream lengths, each trial a fresh permutation.
// t-digest states no error bound (no rank_error query), so the study reports
// the observed error and nothing is an outlier.
#include <string>

#include "absl/strings/str_cat.h"
#include "harness/case/splitmix64.h"
#include "harness/family/recipe_suite.h"
#include "harness/truth/ranks/rank_entries.h"
#include "harness/truth/ranks/rank_grids.h"
#include "sketches/tdigest/tdigest_suites.h"

namespace dsconform {
namespace {

struct StudySize {
  std::vector<int> ks;
  std::vector<ItemOrder> orders;
  int trials;
  int64_t max_n;
};

StudySize SizeFor(SuiteScale scale) {
  switch (scale) {
    case SuiteScale::kSmoke: return {{10, 100}, {ItemOrder::kShuffled}, 2, int64_t{1} << 12};
    case SuiteScale::kReduced:
      return {{10, 50, 100, 200, 1000}, {ItemOrder::kShuffled, ItemOrder::kAscending}, 5, int64_t{1} << 16};
    case SuiteScale::kFull:
      return {{10, 50, 100, 200, 500, 1000},
              {ItemOrder::kShuffled, ItemOrder::kAscending, ItemOrder::kDescending, ItemOrder::kAlternating},
              20,
              int64_t{1} << 20};
  }
  return {};
}

// The grids of the judged queries: 65 ranks (i/64) and up to 65 points.
constexpr int kGridIntervals = 64;
constexpr size_t kTailPoints = 4;

class TdigestAccuracy final : public RecipeSuite {
 public:
  std::string name() const override { return "tdigest.accuracy"; }
  std::string description() const override {
    return "ranks, quantiles and pmf against the exact ranks over seeded permutations per k, value type, order and "
           "a ladder of stream lengths: the observed error (t-digest states no bound)";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    const StudySize size = SizeFor(scale);
    std::vector<CaseRecipe> recipes;
    for (int k : size.ks)
      for (const std::string& item : TdigestItemTypes())
        for (ItemOrder order : size.orders)
          for (int64_t n = 4; n <= size.max_n; n *= 4)
            for (int trial = 0; trial < size.trials; ++trial)
              recipes.push_back([=] { return MakeCase(k, item, order, n, trial); });
    return recipes;
  }

 private:
  Case MakeCase(int k, const std::string& item, ItemOrder order, int64_t n, int trial) const {
    const std::string series = absl::StrCat("k=", k, " ", item, " ", ItemOrderName(order));
    CaseBuilder b(absl::StrCat("tdigest/accuracy/k=", k, "/item=", item, "/order=", ItemOrderName(order), "/n=", n,
                               "/trial=", trial),
                  name(), "tdigest");
    const uint64_t shuffle = SplitMix64(static_cast<uint64_t>(k) * 1000003 + n * 31 + trial).Next();
    b.Step("create", "a", {{"k", k}, {"item", item}}).Update("a", TdigestItems(0, n, order, shuffle));
    // The grid in two regions, each its own query and series: the tails (the outer 4 of 65 ranks
    // and points at each end, about 6%) and the middle, so the study shows the error t-digest
    // promises to keep small apart from the rest.
    const nlohmann::ordered_json ranks = RankGrid(kGridIntervals);
    const nlohmann::ordered_json points = PointGrid("double", 0, n, kGridIntervals);
    for (const char* region : {"tails", "middle"}) {
      const bool tails = std::string(region) == "tails";
      auto pick = [tails](const nlohmann::ordered_json& grid) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (size_t i = 0; i < grid.size(); ++i)
          if ((i < kTailPoints || i + kTailPoints >= grid.size()) == tails) out.push_back(grid[i]);
        return out;
      };
      const std::string as = absl::StrCat("a.", region, ".n", n);
      // A short stream has too few distinct points for a middle: then its quantiles alone.
      const nlohmann::ordered_json region_points = pick(points);
      nlohmann::ordered_json query = {{"queries", {"n", "quantiles"}}, {"ranks", pick(ranks)}, {"as", as}};
      if (!region_points.empty()) {
        query["queries"] = {"n", "ranks", "quantiles", "pmf"};
        query["points"] = region_points;
      }
      b.Step("query", "a", query);
      AddRankTruth(b, {as, n, absl::StrCat(series, " ", region)});
    }
    return b.Build();
  }
};

}  // namespace

const Suite& TdigestAccuracySuite() {
  static const TdigestAccuracy* suite = new TdigestAccuracy();
  return *suite;
}

}  // namespace dsconform
