// VarOpt against the truth, by Monte Carlo over seeded trials of datasketches-cpp
// (the one library whose random bits can be pinned, docs/findings-varopt.md):
// each item's inclusion frequency against min(1, w / tau), the subset-sum
// estimate's mean against the subset's true weight, and the coverage of its
// bounds. Judged at p < 0.001, as the accuracy studies of docs/findings-accuracy.md.
#include <cmath>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/truth/accuracy_stats.h"
#include "harness/truth/inclusion_test.h"
#include "sketches/varopt/varopt_inclusion.h"

#if defined(DSC_HAVE_CPP) && __has_include("var_opt_sketch.hpp")
#define DSC_TEST_VAROPT_TRUTH 1
#include "var_opt_sketch.hpp"
#endif

namespace dsconform {
namespace {

TEST(VaroptInclusion, ProbabilitiesSumToKAndCapAtOne) {
  const std::vector<double> w = {100, 1, 1, 1, 1, 2, 2, 2};
  const auto p = VaroptInclusionProbabilities(w, 3);
  double sum = 0;
  for (double x : p) sum += x;
  EXPECT_NEAR(sum, 3.0, 1e-12);
  EXPECT_EQ(p[0], 1.0);                // heavier than tau: always kept
  EXPECT_NEAR(p[5], 2 * p[1], 1e-12);  // the rest in proportion to their weights
  EXPECT_EQ(VaroptInclusionProbabilities({1, 2}, 5), (std::vector<double>{1, 1}));
}

#ifdef DSC_TEST_VAROPT_TRUTH
constexpr double kPValue = 0.001;

// The sampled item: a type of this file alone, so var_opt_sketch<Item> is instantiated here only
// and draws from this translation unit's random_utils::rand, the one the trials seed (the
// library's generators are static per translation unit; an int64_t sketch instantiated by
// another test of this binary may be the one the linker keeps, drawing from an unseeded copy).
struct Item {
  int64_t id;
};

struct Config {
  std::string name;
  int64_t k;
  std::vector<double> weights;  // item i has id i
};

// Names the configuration in test output, not its bytes.
void PrintTo(const Config& c, std::ostream* os) { *os << c.name; }

std::vector<Config> Configs() {
  std::vector<Config> out;
  std::vector<double> uniform(60, 0.7), skewed, heavy(80, 1.0);
  for (int i = 0; i < 60; ++i) skewed.push_back(std::pow(10.0, (i % 4) - 1));  // 0.1, 1, 10, 100
  heavy[7] = 1e6;
  out.push_back({"uniform k=10 n=60", 10, uniform});
  out.push_back({"skewed k=10 n=60", 10, skewed});
  out.push_back({"one heavy k=5 n=80", 5, heavy});
  out.push_back({"skewed k=1 n=60", 1, skewed});
  return out;
}

class VaroptTruth : public ::testing::TestWithParam<Config> {};

TEST_P(VaroptTruth, InclusionFrequenciesAndSubsetSumsMatchTheTruth) {
  const Config& c = GetParam();
  constexpr int kTrials = 4000;
  const int64_t n = static_cast<int64_t>(c.weights.size());
  const auto pi = VaroptInclusionProbabilities(c.weights, c.k);
  double truth = 0;  // the predicate: items divisible by 4
  for (int64_t i = 0; i < n; i += 4) truth += c.weights[i];

  std::vector<int64_t> included(n, 0);
  double sum = 0, sum_sq = 0;
  int64_t covered = 0;
  for (int t = 0; t < kTrials; ++t) {
    datasketches::random_utils::rand.seed(static_cast<uint64_t>(1000 + t));
    datasketches::var_opt_sketch<Item> s(static_cast<uint32_t>(c.k));
    for (int64_t i = 0; i < n; ++i) s.update(Item{i}, c.weights[i]);
    for (const auto& [item, weight] : s) ++included[item.id];
    const auto r = s.estimate_subset_sum([](const Item& x) { return x.id % 4 == 0; });
    sum += r.estimate;
    sum_sq += r.estimate * r.estimate;
    if (r.lower_bound <= truth && truth <= r.upper_bound) ++covered;
  }

  // Each item's inclusion count against Binomial(T, pi_i) (the shared judgement of the sampling
  // families: a chi-square over the items and exact binomial tests, Bonferroni over them).
  for (const std::string& v : InclusionViolations(JudgeInclusion(included, pi, kTrials, /*fixed_size=*/false), c.name))
    ADD_FAILURE() << v;
  // The estimate's mean against the truth: a z test on the trials' own spread.
  const double mean = sum / kTrials;
  const double var = std::max(0.0, sum_sq / kTrials - mean * mean);
  if (var > 0) {
    const double z = (mean - truth) / std::sqrt(var / kTrials);
    EXPECT_GT(NormalTwoSidedTail(z), kPValue) << c.name << ": mean estimate " << mean << " vs " << truth;
  } else {
    EXPECT_DOUBLE_EQ(mean, truth) << c.name;
  }
  // The bounds: a two-sided interval at 2 standard deviations (both libraries' default),
  // which should hold the truth in 95.4% of trials; below it at p < 0.001 fails.
  EXPECT_GT(BinomialLowerTail(covered, kTrials, TwoSidedNominal(2)), kPValue)
      << c.name << ": bounds held the truth in " << covered << " of " << kTrials << " trials";
  std::cout << c.name << ": coverage " << 100.0 * covered / kTrials << "%, mean " << mean << " vs truth "
            << truth << "\n";
}

INSTANTIATE_TEST_SUITE_P(Configs, VaroptTruth, ::testing::ValuesIn(Configs()),
                         [](const auto& info) { return absl::StrCat("config", info.index); });
#endif

}  // namespace
}  // namespace dsconform
