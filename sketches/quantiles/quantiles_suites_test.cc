#include <algorithm>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "sketches/quantiles/quantiles_suites.h"

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

TEST(QuantilesSizes, StraddleEveryLevelTransition) {
  const std::vector<int64_t> sizes = QuantilesSizes(4, 3, 1000);
  for (int64_t n : {0, 1, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33})
    EXPECT_NE(std::find(sizes.begin(), sizes.end(), n), sizes.end()) << n;
  EXPECT_EQ(sizes.size(), 12u);
  EXPECT_EQ(QuantilesSizes(4, 3, 16).back(), 16);
}

TEST(QuantilesExactSuite, NeverReachesTheFirstZip) {
  // Exact cases are compared byte for byte across libraries: no case may draw a random bit.
  for (SuiteScale scale : {SuiteScale::kSmoke, SuiteScale::kReduced, SuiteScale::kFull})
    for (const Case& c : QuantilesExactSuite().Generate(scale)) {
      const int64_t k = Param(c.id, "k"), n = Param(c.id, "n");
      ASSERT_GT(k, 0) << c.id;
      EXPECT_LT(n, 2 * k) << c.id;
    }
}

TEST(QuantilesCrossSuite, EveryCaseIsInEstimationMode) {
  for (const Case& c : QuantilesCrossSuite().Generate(SuiteScale::kReduced))
    EXPECT_GE(Param(c.id, "n"), 2 * Param(c.id, "k")) << c.id;
}

TEST(QuantilesMergesSuite, CoversAllSixOrdersPerConfiguration) {
  int orders = 0;
  for (const Case& c : QuantilesMergesSuite().Generate(SuiteScale::kSmoke))
    if (c.id.find("/item=double/mode=exact/target_k=8/") != std::string::npos) ++orders;
  EXPECT_EQ(orders, 6);
}

}  // namespace
}  // namespace dsconform
