// The QuickSelect transitions both hashing families' suites size their cases by.
#include "harness/family/quickselect_transitions.h"

#include <set>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

TEST(QuickSelectTransitions, FollowThePublishedThresholds) {
  // lgK 12, X8: the table starts at lgArr (13-5)%3+5 = 7 and grows 7 -> 10 -> 13.
  const QuickSelectTransitions x8 = QuickSelectTransitionsFor(12, 3);
  EXPECT_EQ(x8.start_lg_arr, 7);
  EXPECT_EQ(x8.resize_points, (std::vector<int64_t>{65, 513}));
  EXPECT_EQ(x8.rebuild_point, 7681);  // 15/16 of 2^13, plus one
  // X1 starts at full size: no resize, only the rebuild.
  const QuickSelectTransitions x1 = QuickSelectTransitionsFor(12, 0);
  EXPECT_EQ(x1.start_lg_arr, 13);
  EXPECT_TRUE(x1.resize_points.empty());
  // X2 from lgArr 5 doubles up to 13.
  EXPECT_EQ(QuickSelectTransitionsFor(12, 1).resize_points.size(), 8u);
}

TEST(QuickSelectSizes, CoverEmptyEveryResizeAndTheRebuild) {
  for (int lg_k = 5; lg_k <= 21; ++lg_k) {
    for (int lg_rf = 0; lg_rf <= 3; ++lg_rf) {
      const auto sizes = QuickSelectSizes(lg_k, lg_rf, int64_t{1} << 26);
      const std::set<int64_t> s(sizes.begin(), sizes.end());
      const QuickSelectTransitions t = QuickSelectTransitionsFor(lg_k, lg_rf);
      EXPECT_TRUE(s.count(0) && s.count(1)) << lg_k;
      for (int64_t r : t.resize_points) EXPECT_TRUE(s.count(r - 1) && s.count(r)) << lg_k << " " << r;
      EXPECT_TRUE(s.count(t.rebuild_point - 1) && s.count(t.rebuild_point)) << lg_k;
      EXPECT_GT(*s.rbegin(), t.rebuild_point) << lg_k;  // into estimation mode
    }
  }
}

}  // namespace
}  // namespace dsconform
