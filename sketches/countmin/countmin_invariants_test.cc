#include "sketches/countmin/countmin_invariants.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

// The invariant's fields and values: total weight, hashes, relative error, then the estimates.
struct Answers {
  Invariant invariant{kCountminUnitCounts, {"a.total_weight", "a.num_hashes", "a.relative_error"}};
  std::vector<Value> values;
  Answers(int64_t total, int64_t hashes, double error, const std::vector<int64_t>& estimates) {
    values = {Value::Int(total), Value::Int(hashes), Value::Double(error)};
    for (size_t i = 0; i < estimates.size(); ++i) {
      invariant.fields.push_back(absl::StrCat("q.estimate[", i, "]"));
      values.push_back(Value::Int(estimates[i]));
    }
  }
  std::vector<std::string> Check() const {
    std::vector<const Value*> v;
    for (const Value& x : values) v.push_back(&x);
    return CheckCountminInvariant(invariant, v);
  }
};

TEST(CountminInvariant, HoldsWhenEstimatesStayWithinTheStatedError) {
  // 1000 items in 100 buckets: error term e/100 x 1000 = 27.2; estimates of 1 to 20 are fine.
  std::vector<int64_t> estimates(200, 12);
  EXPECT_TRUE(Answers(1000, 3, 0.0271828, estimates).Check().empty());
}

TEST(CountminInvariant, AnEstimateBelowTheTrueCountIsAViolation) {
  std::vector<int64_t> estimates(200, 5);
  estimates[17] = 0;
  const auto v = Answers(1000, 3, 0.0271828, estimates).Check();
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].find("q.estimate[17] = 0"), std::string::npos) << v[0];
}

TEST(CountminInvariant, TooManyEstimatesBeyondTheErrorFailTheBinomialTest) {
  // delta = e^-3 = 5%: 10 of 200 beyond the error is expected, 60 of 200 is not.
  std::vector<int64_t> estimates(200, 5);
  for (int i = 0; i < 10; ++i) estimates[i] = 100;
  EXPECT_TRUE(Answers(1000, 3, 0.0271828, estimates).Check().empty());
  for (int i = 0; i < 60; ++i) estimates[i] = 100;
  const auto v = Answers(1000, 3, 0.0271828, estimates).Check();
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].find("60 of 200 estimates exceed"), std::string::npos) << v[0];
}

TEST(CountminInvariant, AMissingEstimateIsAViolationAndAnUnmadeSketchIsNot) {
  Answers a(1000, 3, 0.0271828, std::vector<int64_t>(4, 5));
  std::vector<const Value*> v = {&a.values[0], &a.values[1], &a.values[2], &a.values[3], nullptr, &a.values[5],
                                 &a.values[6]};
  const auto missing = CheckCountminInvariant(a.invariant, v);
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_NE(missing[0].find("q.estimate[1]: no estimate"), std::string::npos);
  const Value unsupported = Value::Unsupported("double counters only");
  std::vector<const Value*> none(a.values.size(), &unsupported);
  EXPECT_TRUE(CheckCountminInvariant(a.invariant, none).empty());
}

}  // namespace
}  // namespace dsconform
