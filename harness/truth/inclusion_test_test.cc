#include "harness/truth/inclusion_test.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

// Counts of a simple random sample of k of n per trial, drawn here with a
// seeded generator: a correct sampler.
std::vector<int64_t> UniformCounts(int n, int k, int trials, uint64_t seed, int biased_item = -1) {
  std::mt19937_64 rng(seed);
  std::vector<int64_t> counts(n, 0);
  std::vector<int> items(n);
  for (int t = 0; t < trials; ++t) {
    std::iota(items.begin(), items.end(), 0);
    std::shuffle(items.begin(), items.end(), rng);
    for (int i = 0; i < k; ++i) ++counts[items[i]];
    // A broken sampler: the biased item is always in the sample (in place of another).
    if (biased_item >= 0 && std::find(items.begin(), items.begin() + k, biased_item) == items.begin() + k) {
      ++counts[biased_item];
      --counts[items[0]];
    }
  }
  return counts;
}

TEST(JudgeInclusion, ACorrectUniformSamplerPasses) {
  const std::vector<int64_t> counts = UniformCounts(50, 10, 400, 7);
  const InclusionJudgement j = JudgeInclusion(counts, std::vector<double>(50, 0.2), 400, true);
  EXPECT_EQ(j.items, 50);
  EXPECT_EQ(j.df, 49);
  EXPECT_GT(j.chi_square_p, 0.001);
  EXPECT_TRUE(InclusionViolations(j, "t").empty());
}

TEST(JudgeInclusion, AnItemAlwaysIncludedFails) {
  const std::vector<int64_t> counts = UniformCounts(50, 10, 400, 7, /*biased_item=*/3);
  const InclusionJudgement j = JudgeInclusion(counts, std::vector<double>(50, 0.2), 400, true);
  EXPECT_LT(j.bonferroni_p, kInclusionAlpha);
  EXPECT_FALSE(InclusionViolations(j, "t").empty());
}

TEST(JudgeInclusion, CertainItemsAreCheckedExactly) {
  const InclusionJudgement j = JudgeInclusion({10, 9, 0, 1}, {1.0, 1.0, 0.0, 0.0}, 10, false);
  EXPECT_EQ(j.items, 0);
  EXPECT_EQ(j.certain_violations.size(), 2u);  // item 1 missed once, item 3 present once
}

TEST(JudgeInclusion, ProportionalCountsPassAndSkewedFail) {
  // Expected counts 100, 200, 300 of 1000 trials: exactly on them passes; far off fails.
  const std::vector<double> p = {0.1, 0.2, 0.3};
  EXPECT_TRUE(InclusionViolations(JudgeInclusion({100, 200, 300}, p, 1000, false), "t").empty());
  EXPECT_FALSE(InclusionViolations(JudgeInclusion({100, 300, 200}, p, 1000, false), "t").empty());
}

}  // namespace
}  // namespace dsconform
