#include "harness/truth/distinct/distinct_check.h"

#include <cmath>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

std::vector<DistinctTruth> WithTruth() {
  return {{"a", 1000, "rse", "lgk=12"}, {"b", 1000, "", "lgk=12"}, {"missing", 5, "rse", ""}};
}

TEST(CheckDistinct, SamplesEveryAnsweredTruthAndFlagsOutliers) {
  Observations obs;
  obs.Add("rse", Value::Double(0.01));
  obs.Add("a.estimate", Value::Double(1070));  // 7 standard errors high
  obs.Add("a.lb1", Value::Double(1060));
  obs.Add("a.ub1", Value::Double(1080));
  obs.Add("b.estimate", Value::Double(5000));  // no stated RSE: sampled, never judged
  const DistinctCheckResult r = CheckDistinct(WithTruth(), obs, 6);
  ASSERT_EQ(r.samples.size(), 2u);  // "missing" has no estimate
  EXPECT_EQ(r.samples[0].truth, 1000);
  EXPECT_EQ(r.samples[0].lower[0], 1060);
  EXPECT_TRUE(std::isnan(r.samples[0].lower[1]));
  EXPECT_TRUE(std::isnan(r.samples[1].rse));
  EXPECT_EQ(r.checks, 1);
  ASSERT_EQ(r.outliers.size(), 1u);
  EXPECT_EQ(r.outliers[0].field, "accuracy: a.estimate");
  EXPECT_THAT(r.outliers[0].candidate.bytes, HasSubstr("7.0 standard errors from the truth 1000"));
  EXPECT_TRUE(CheckDistinct(WithTruth(), obs, 7.5).outliers.empty());
}

TEST(CheckDistinct, ANegativeStatedErrorCountsByItsSizeAndNaNIsAnOutlier) {
  Observations obs;
  obs.Add("rse", Value::Double(-0.01));  // an upper-bound relative error is negative in the tables
  obs.Add("a.estimate", Value::Double(NAN));
  const DistinctCheckResult r = CheckDistinct(WithTruth(), obs, 6);
  ASSERT_EQ(r.samples.size(), 1u);
  ASSERT_EQ(r.outliers.size(), 1u);
  EXPECT_THAT(r.outliers[0].candidate.bytes, HasSubstr("estimate nan"));
  Observations ok;
  ok.Add("rse", Value::Double(-0.01));
  ok.Add("a.estimate", Value::Double(1010));
  EXPECT_TRUE(CheckDistinct(WithTruth(), ok, 6).outliers.empty());
  EXPECT_EQ(CheckDistinct(WithTruth(), ok, 6).samples[0].rse, 0.01);
}

TEST(CheckDistinct, AnErrorStatedByTheBoundsIsTheirHalfWidthAndZeroWidthMeansExact) {
  const std::vector<DistinctTruth> c = {
      {"a", 1000, kRseFromBounds, "lgk=9"}, {"x", 10, kRseFromBounds, "lgk=9"}, {"c", 8, kRseFromBounds, ""}};
  Observations obs;
  obs.Add("a.estimate", Value::Double(1100));
  obs.Add("a.lb1", Value::Double(1080));
  obs.Add("a.ub1", Value::Double(1120));  // half-width 20: an RSE of 2% of the truth; 100 off is 5 of them
  obs.Add("x.estimate", Value::Double(11));
  obs.Add("x.lb1", Value::Double(11));
  obs.Add("x.ub1", Value::Double(11));  // exact, it says, and wrong
  // CPC at lgK 4 after 8 items that made 4 coupons: lb1 is the coupon count, ub1 rounded up; the
  // truth is 3.8 above the estimate, 4.75 times the distance to ub1 (7.6 half-widths of [lb1, ub1]).
  obs.Add("c.estimate", Value::Double(4.2));
  obs.Add("c.lb1", Value::Double(4));
  obs.Add("c.ub1", Value::Double(5));
  DistinctCheckResult r = CheckDistinct(c, obs, 6);
  ASSERT_EQ(r.samples.size(), 3u);
  EXPECT_DOUBLE_EQ(r.samples[0].rse, 0.02);  // half the interval, relative to the truth
  EXPECT_EQ(r.samples[1].rse, 0);
  EXPECT_DOUBLE_EQ(r.samples[2].rse, 0.5 / 8);  // the study's; the check measures ub1 - estimate
  EXPECT_EQ(r.checks, 3);
  ASSERT_EQ(r.outliers.size(), 1u);
  EXPECT_EQ(r.outliers[0].field, "accuracy: x.estimate");
  EXPECT_THAT(r.outliers[0].candidate.bytes, HasSubstr("zero width (exact) is not the truth 10"));
  EXPECT_EQ(CheckDistinct(c, obs, 4.5).outliers.size(), 3u);
  Observations exact;
  exact.Add("x.estimate", Value::Double(10));
  exact.Add("x.lb1", Value::Double(10));
  exact.Add("x.ub1", Value::Double(10));
  r = CheckDistinct(c, exact, 6);
  EXPECT_EQ(r.checks, 1);
  EXPECT_TRUE(r.outliers.empty());
}

}  // namespace
}  // namespace dsconform
