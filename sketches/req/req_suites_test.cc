#include <algorithm>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "sketches/req/req_suites.h"

namespace dsconform {
namespace {

// The value of segment `key=` of a case id, as a number (-1 when absent).
int64_t Param(const std::string& id, const std::string& key) {
  for (absl::string_view seg : absl::StrSplit(id, '/')) {
    if (seg.substr(0, key.size() + 1) != key + "=") continue;
    int64_t v;
    if (absl::SimpleAtoi(seg.substr(key.size() + 1), &v)) return v;
  }
  return -1;
}

TEST(ReqExactSuite, NeverReachesTheFirstCompaction) {
  // Exact cases are compared byte for byte across libraries: no case may draw a random bit,
  // neither the sketch of n items nor the merge and the continued sketch, which add at most 6k-1-n.
  for (SuiteScale scale : {SuiteScale::kSmoke, SuiteScale::kReduced, SuiteScale::kFull})
    for (const Case& c : ReqExactSuite().Generate(scale)) {
      const int64_t k = Param(c.id, "k"), n = Param(c.id, "n");
      ASSERT_GT(k, 0) << c.id;
      EXPECT_EQ(k % 2, 0) << c.id;
      EXPECT_LT(n, ReqFirstCompaction(static_cast<int>(k))) << c.id;
    }
}

TEST(ReqExactSuite, CoversBothModesAndTheRawItemsForm) {
  bool hra = false, lra = false, raw = false;
  for (const Case& c : ReqExactSuite().Generate(SuiteScale::kReduced)) {
    hra |= c.id.find("/mode=hra/") != std::string::npos;
    lra |= c.id.find("/mode=lra/") != std::string::npos;
    raw |= Param(c.id, "n") == 4;  // the largest n an image holds as raw items
  }
  EXPECT_TRUE(hra && lra && raw);
}

TEST(ReqCrossSuite, EveryCaseCompactsAndSomeReachManyLevels) {
  int64_t most = 0;
  for (const Case& c : ReqCrossSuite().Generate(SuiteScale::kReduced)) {
    const int64_t k = Param(c.id, "k"), n = Param(c.id, "n");
    EXPECT_GE(n, ReqFirstCompaction(static_cast<int>(k))) << c.id;
    most = std::max(most, n / ReqFirstCompaction(static_cast<int>(k)));
  }
  EXPECT_GE(most, 32);  // 6k * 2^5 and more: several levels of compactors
}

TEST(ReqMergesSuite, CoversAllSixOrdersPerConfiguration) {
  int orders = 0;
  for (const Case& c : ReqMergesSuite().Generate(SuiteScale::kSmoke))
    if (c.id.find("/mode=hra/inputs=exact/target_k=8/") != std::string::npos) ++orders;
  EXPECT_EQ(orders, 6);
}

}  // namespace
}  // namespace dsconform

namespace dsconform {
namespace {

// req.continue reads a sketch of 6k items and adds 6.5k: its cases must say which reader bits
// they pin (a case id per read_seed), for both modes.
TEST(ReqContinueSuite, EveryReaderSeedIsACaseOfItsOwn) {
  int seeds = 0;
  for (const Case& c : ReqContinueSuite().Generate(SuiteScale::kReduced))
    if (c.id.rfind("req/continue/mode=lra/k=12/", 0) == 0) ++seeds;
  EXPECT_EQ(seeds, 8);
}

}  // namespace
}  // namespace dsconform
