// The HLL suites' own shapes (what every family's suites promise: harness/family/family_suites_test.cc).
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/family/case_validation.h"
#include "harness/truth/distinct/distinct_entries.h"
#include "sketches/hll/hll_family.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {
namespace {

TEST(HllTransitions, FollowThePublishedThresholds) {
  EXPECT_EQ(HllTransitionsFor(4).first_set, 0);  // below lgK 8 LIST promotes straight to HLL
  const HllTransitions t12 = HllTransitionsFor(12);
  EXPECT_EQ(t12.last_list, 7);
  EXPECT_EQ(t12.first_set, 8);
  EXPECT_EQ(t12.last_set, 384);  // 3/4 of 2^(12-3)
  EXPECT_EQ(t12.set_grow_points.front(), 25);
}

TEST(HllMatrixSizes, AtLeastSeventeenPerLgKAroundEveryTransition) {
  for (int lg_k = 4; lg_k <= 21; ++lg_k) {
    const auto sizes = HllMatrixSizes(lg_k, int64_t{1} << 24);
    EXPECT_GE(sizes.size(), 17u) << "lgK " << lg_k;
    std::set<int64_t> s(sizes.begin(), sizes.end());
    EXPECT_TRUE(s.count(0) && s.count(1) && s.count(7) && s.count(8)) << lg_k;
    if (lg_k >= 8) {
      const int64_t last_set = HllTransitionsFor(lg_k).last_set;
      EXPECT_TRUE(s.count(last_set) && s.count(last_set + 1)) << lg_k;
    }
    EXPECT_GE(*s.rbegin(), (int64_t{1} << lg_k) * 4) << lg_k;  // HLL_4's aux table fills
  }
}

TEST(HllSuites, FullScaleHasTheStudiedShape) {
  EXPECT_EQ(HllMatrixSuite().Generate(SuiteScale::kFull).size() >= 18u * 3 * 17, true);
  const auto unions = HllUnionSuite().Generate(SuiteScale::kFull);
  std::set<std::string> scenarios;
  for (const auto& c : unions) scenarios.insert(c.id.substr(0, c.id.find("/inputs")));
  EXPECT_GE(scenarios.size(), 80u);
}


// The distinct-count truth of a suite's case (which is valid).
std::vector<DistinctTruth> TruthsOf(const Case& c) { return DistinctTruthsOf(c).value(); }

// The truth the accuracy suites attach is the ladder's count: n items for a
// single sketch; for a union, both inputs less what they share.
TEST(HllAccuracySuites, TruthIsTheExactCountOfEveryQuery) {
  for (const Case& c : HllAccuracySuite().Generate(SuiteScale::kSmoke)) {
    ASSERT_FALSE(TruthsOf(c).empty());
    for (const DistinctTruth& t : TruthsOf(c)) {
      EXPECT_EQ(absl::StrCat("n", t.distinct), t.of) << c.id;
      EXPECT_EQ(t.rse, "rse");
    }
  }
  std::map<std::string, int64_t> top;  // series -> truth at n = 8192, the top of the smoke ladder
  for (const Case& c : HllAccuracyUnionsSuite().Generate(SuiteScale::kSmoke))
    for (const DistinctTruth& t : TruthsOf(c))
      if (t.of == "n8192") top[t.series] = t.distinct;
  EXPECT_EQ(top["a12+b12/u12"], 2 * 8192);
  EXPECT_EQ(top["a10+b12/u14"], 2 * 8192);
  EXPECT_EQ(top["a11+b11_overlap/u11"], 8192 + 8192 - 4096);  // b is a's stream from item 4096
  EXPECT_EQ(top.size(), 3u);
}

}  // namespace
}  // namespace dsconform
