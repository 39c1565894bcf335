#include "harness/truth/accuracy_stats.h"

#include <cmath>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

// Exact sums by hand: Binomial(4, 0.5) has P = 1/16, 4/16, 6/16, 4/16, 1/16.
TEST(BinomialLowerTail, SmallCasesByHand) {
  EXPECT_NEAR(BinomialLowerTail(0, 4, 0.5), 1.0 / 16, 1e-12);
  EXPECT_NEAR(BinomialLowerTail(1, 4, 0.5), 5.0 / 16, 1e-12);
  EXPECT_NEAR(BinomialLowerTail(2, 4, 0.5), 11.0 / 16, 1e-12);
  EXPECT_EQ(BinomialLowerTail(4, 4, 0.5), 1.0);
  EXPECT_EQ(BinomialLowerTail(-1, 4, 0.5), 0.0);
  // 0.9^10 = 0.3486784401
  EXPECT_NEAR(BinomialLowerTail(0, 10, 0.1), 0.3486784401, 1e-12);
}

// The case the study tests: 1000 trials of a 95.45% interval. 954 covered is
// the expectation (tail about one half); 930 covered is rare. Reference values
// summed exactly in rational arithmetic (Python fractions, math.comb).
TEST(BinomialLowerTail, LargeNMatchesExactSums) {
  const double p = 0.9545;
  EXPECT_GT(BinomialLowerTail(954, 1000, p), 0.4);
  EXPECT_LT(BinomialLowerTail(954, 1000, p), 0.6);
  EXPECT_NEAR(BinomialLowerTail(930, 1000, p), 0.0003235987477738274, 1e-12);
  EXPECT_NEAR(BinomialLowerTail(25, 50, 0.6827), 0.005424974063272119, 1e-12);
  EXPECT_LT(BinomialLowerTail(600, 1000, p), 1e-100);
  EXPECT_GT(BinomialLowerTail(600000, 1000000, 0.6), 0.4);  // a million trials stay finite
}

TEST(Quantile, InterpolatesBetweenRanksLikeNumpy) {
  const std::vector<double> v = {1, 2, 3, 4};
  EXPECT_EQ(Quantile(v, 0), 1);
  EXPECT_EQ(Quantile(v, 1), 4);
  EXPECT_DOUBLE_EQ(Quantile(v, 0.5), 2.5);   // numpy.quantile([1,2,3,4], 0.5)
  EXPECT_DOUBLE_EQ(Quantile(v, 0.25), 1.75); // numpy.quantile([1,2,3,4], 0.25)
  EXPECT_EQ(Quantile({7}, 0.9), 7);
  EXPECT_TRUE(std::isnan(Quantile({}, 0.5)));
}

TEST(Nominal, MatchesTheGaussianLevels) {
  EXPECT_NEAR(TwoSidedNominal(1), 0.6827, 1e-4);
  EXPECT_NEAR(TwoSidedNominal(2), 0.9545, 1e-4);
  EXPECT_NEAR(TwoSidedNominal(3), 0.9973, 1e-4);
  EXPECT_NEAR(OneSidedNominal(1), 0.8413, 1e-4);
  EXPECT_NEAR(NormalTwoSidedTail(1.96), 0.05, 1e-4);
}

}  // namespace
}  // namespace dsconform
