// The CPC suites' own shapes (what every family's suites promise: harness/family/family_suites_test.cc).
#include <algorithm>
#include <map>
#include <string>
#include <set>

#include "gtest/gtest.h"
#include "harness/family/case_validation.h"
#include "harness/truth/distinct/distinct_entries.h"
#include "sketches/cpc/cpc_family.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {
namespace {

TEST(CpcFlavors, FollowThePublishedThresholds) {
  EXPECT_EQ(CpcFlavorOf(10, 0), CpcFlavor::kEmpty);
  EXPECT_EQ(CpcFlavorOf(10, 95), CpcFlavor::kSparse);   // 32 * 95 < 3 * 1024
  EXPECT_EQ(CpcFlavorOf(10, 96), CpcFlavor::kHybrid);   // 3K/32 = 96
  EXPECT_EQ(CpcFlavorOf(10, 511), CpcFlavor::kHybrid);
  EXPECT_EQ(CpcFlavorOf(10, 512), CpcFlavor::kPinned);  // K/2
  EXPECT_EQ(CpcFlavorOf(10, 3455), CpcFlavor::kPinned);
  EXPECT_EQ(CpcFlavorOf(10, 3456), CpcFlavor::kSliding);  // 27K/8
  EXPECT_EQ(CpcFlavorThresholds(10), (std::vector<int64_t>{1, 96, 512, 3456}));
  EXPECT_EQ(CpcFlavorThresholds(4), (std::vector<int64_t>{1, 2, 8, 54}));
}

TEST(CpcFlavors, ExpectedCouponsGrowLikeTheCouponCollector) {
  EXPECT_EQ(CpcExpectedCoupons(10, 0), 0.0);
  EXPECT_NEAR(CpcExpectedCoupons(10, 1), 1.0, 1e-9);
  // Few collisions while sparse; about K * log2(n / K) + K * 1.6 far beyond K.
  EXPECT_NEAR(CpcExpectedCoupons(20, 1000), 1000.0, 1.0);
  EXPECT_NEAR(CpcExpectedCoupons(10, 1024 * 64), 6484.7, 0.1);
  const int64_t n = CpcItemsForCoupons(12, 2048);
  EXPECT_LT(CpcExpectedCoupons(12, n - 1), 2048.0);
  EXPECT_GE(CpcExpectedCoupons(12, n), 2048.0);
}

TEST(CpcMatrixSizes, StraddleEveryFlavorThreshold) {
  for (int lg_k = 4; lg_k <= 21; ++lg_k) {
    const auto sizes = CpcMatrixSizes(lg_k, int64_t{1} << 30);
    std::set<CpcFlavor> expected;
    for (int64_t n : sizes) expected.insert(CpcFlavorOf(lg_k, static_cast<int64_t>(CpcExpectedCoupons(lg_k, n) + 0.5)));
    EXPECT_EQ(expected.size(), 5u) << "lgK " << lg_k;
    EXPECT_GE(sizes.size(), 14u) << "lgK " << lg_k;
  }
}

TEST(CpcFlavorSizes, OneInsideEachFlavorInOrder) {
  for (int lg_k : {4, 8, 12, 16}) {
    std::vector<CpcFlavor> flavors;
    for (int64_t n : CpcFlavorSizes(lg_k))
      flavors.push_back(CpcFlavorOf(lg_k, static_cast<int64_t>(CpcExpectedCoupons(lg_k, n) + 0.5)));
    EXPECT_TRUE(std::is_sorted(flavors.begin(), flavors.end())) << "lgK " << lg_k;
    EXPECT_EQ(std::set<CpcFlavor>(flavors.begin(), flavors.end()).size(), 5u) << "lgK " << lg_k;
    EXPECT_EQ(flavors.back(), CpcFlavor::kSliding);
    EXPECT_EQ(flavors[flavors.size() - 2], CpcFlavor::kSliding);  // and after the window moved
  }
}

TEST(CpcSuites, UnionsMergeThreeInputsInAllSixOrdersAndByMove) {
  for (const auto& c : CpcUnionSuite().Generate(SuiteScale::kSmoke)) {
    int unions = 0, moves = 0;
    for (const auto& op : c.ops) {
      unions += op.op == "union";
      moves += op.op == "merge" && op.Str("how") == "move";
    }
    EXPECT_EQ(unions, 7) << c.id;
    EXPECT_EQ(moves, 3) << c.id;
  }
}

TEST(CpcSuites, FullMatrixCoversLgK4To21AndBothSeeds) {
  std::set<std::string> lg_ks, seeds;
  for (const auto& c : CpcMatrixSuite().Generate(SuiteScale::kFull)) {
    lg_ks.insert(c.id.substr(0, c.id.find("/seed")));
    seeds.insert(c.id.substr(c.id.find("/seed"), c.id.find("/n=") - c.id.find("/seed")));
  }
  EXPECT_EQ(lg_ks.size(), 20u);  // 4..21, 24, 26
  EXPECT_EQ(seeds.size(), 2u);
}

// The distinct-count truth of a suite's case (which is valid).
std::vector<DistinctTruth> TruthsOf(const Case& c) { return DistinctTruthsOf(c).value(); }

// Every point of the ladder is judged twice in cpc.accuracy, the sketch (HIP)
// and a union's result of it alone (ICON), against the same count; the unions
// against the count of both inputs.
TEST(CpcAccuracySuites, HipAndIconShareTheTruthAndUnionsCountBothInputs) {
  for (const Case& c : CpcAccuracySuite().Generate(SuiteScale::kSmoke)) {
    std::map<std::string, int64_t> hip, icon;
    for (const DistinctTruth& t : TruthsOf(c)) {
      EXPECT_EQ(t.rse, "@bounds");
      const bool is_hip = t.series.size() > 4 && t.series.substr(t.series.size() - 4) == "/hip";
      (is_hip ? hip : icon)[is_hip ? t.of.substr(2) : t.of] = t.distinct;  // "a.n4" / "r4"
    }
    ASSERT_FALSE(hip.empty());
    for (const auto& [name, distinct] : hip) {
      EXPECT_EQ(name, "n" + std::to_string(distinct)) << c.id;
      EXPECT_EQ(icon["r" + std::to_string(distinct)], distinct) << c.id;
    }
  }
  std::map<std::string, int64_t> top;
  for (const Case& c : CpcAccuracyUnionsSuite().Generate(SuiteScale::kReduced))
    for (const DistinctTruth& t : TruthsOf(c))
      if (t.of == "r65536") top[t.series] = t.distinct;
  EXPECT_EQ(top["a12+b10/u12"], 2 * 65536);
  EXPECT_EQ(top["a12+b8_sparse/u12"], 65536 + 1024);
  EXPECT_EQ(top["a11+b11_overlap/u11"], 65536 + 32768);  // b is a's stream from item 32768
}

}  // namespace
}  // namespace dsconform
