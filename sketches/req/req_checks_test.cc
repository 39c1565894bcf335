#include "sketches/req/req_checks.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

// The check over one rank's six bounds given in the order lb3, lb2, lb1, ub1, ub2, ub3.
std::vector<std::string> Check(const std::vector<double>& bounds) {
  Invariant inv{"req_bounds_nested", ReqBoundsFields("a", 1)};
  std::vector<Value> values;
  for (double b : bounds) values.push_back(Value::Double(b));
  std::vector<const Value*> pointers;
  for (const Value& v : values) pointers.push_back(&v);
  return CheckReqInvariant(inv, pointers);
}

TEST(ReqBoundsNested, NestedBoundsPassEvenPastZeroAndOne) {
  EXPECT_TRUE(Check({-0.06, -0.04, -0.02, 0.02, 0.04, 0.06}).empty());
  EXPECT_TRUE(Check({1, 1, 1, 1, 1, 1}).empty());  // an exact rank
}

TEST(ReqBoundsNested, ALowerBoundAnsweredAsTheUpperOneIsAViolation) {
  // What an engine that answered rank_lb<sd> with the upper bound would give.
  const auto out = Check({0.56, 0.54, 0.52, 0.52, 0.54, 0.56});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_THAT(out[0], HasSubstr("a.rank_lb3[0]: 0.56"));
}

TEST(ReqBoundsNested, AGroupWithoutEveryAnswerIsSkipped) {
  Invariant inv{"req_bounds_nested", ReqBoundsFields("a", 1)};
  const Value lb = Value::Double(0.9), unsupported = Value::Unsupported("no");
  EXPECT_TRUE(CheckReqInvariant(inv, {&lb, &unsupported, &lb, &lb, &lb, &lb}).empty());
  EXPECT_FALSE(CheckReqInvariant({"req_other", {}}, {}).empty());
}

}  // namespace
}  // namespace dsconform
