// The density check against the exact kernel density, and what the suites promise of their cases.
#include "sketches/density/density_checks.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "sketches/density/density_suites.h"

namespace dsconform {
namespace {

Value Double(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  return Value::DoubleBits(bits);
}

TEST(DensityChecks, CheckNameCarriesItsWorkload) {
  const DensityKdeConfig c{16, 2, 2000, 4, "0.004"};
  const auto back = ParseDensityKdeCheckName(DensityKdeCheckName(c));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->k, 16);
  EXPECT_EQ(back->dim, 2);
  EXPECT_EQ(back->n, 2000);
  EXPECT_EQ(back->seed, 4u);
  EXPECT_EQ(back->scale, "0.004");
  EXPECT_FALSE(ParseDensityKdeCheckName("density_kde/k=0/dim=2/n=1/seed=1/scale=1").has_value());
  EXPECT_FALSE(ParseDensityKdeCheckName("ebpps_inclusion_uniform").has_value());
}

TEST(DensityChecks, PointsAreTheShuffledStreamCutIntoDimValues) {
  const DensityPoints p{3, 0, 50, 9, "0.5"};
  const auto points = DensityPointValues(p);
  ASSERT_EQ(points.size(), 50u);
  std::vector<double> all;
  for (const auto& x : points) {
    ASSERT_EQ(x.size(), 3u);
    all.insert(all.end(), x.begin(), x.end());
  }
  std::sort(all.begin(), all.end());
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i], i / 4.0 * 0.5);  // a permutation of 0..149 / 4 * 0.5
}

TEST(DensityChecks, ExactDensityIsTheMeanGaussianKernel) {
  const std::vector<std::vector<double>> points = {{0.0, 0.0}, {1.0, 0.0}};
  EXPECT_DOUBLE_EQ(ExactKernelDensity(points, {0.0, 0.0}), (1.0 + std::exp(-1.0)) / 2);
  EXPECT_DOUBLE_EQ(ExactKernelDensity(points, {0.5, 1.0}), std::exp(-1.25));
}

// The exact density as estimates passes; one estimate off by more than the bound fails, named.
TEST(DensityChecks, HoldsEveryEstimateToTheBound) {
  const DensityKdeConfig c{8, 1, 300, 3, "0.01"};
  const DensityPoints p = DensityKdePoints(c);
  const auto points = DensityPointValues(p);
  const auto flat = DensityQueryPoints(p);
  Invariant inv{DensityKdeCheckName(c), {}};
  std::vector<Value> values;
  for (int t = 0; t < 2; ++t)
    for (size_t i = 0; i < flat.size(); ++i) {
      inv.fields.push_back("lang.t" + std::to_string(t) + ".estimates[" + std::to_string(i) + "]");
      values.push_back(Double(ExactKernelDensity(points, {std::strtod(flat[i].c_str(), nullptr)})));
    }
  std::vector<const Value*> ptrs;
  for (const Value& v : values) ptrs.push_back(&v);
  EXPECT_TRUE(CheckDensityInvariant(inv, ptrs).empty());
  double off;
  std::memcpy(&off, &values[3].bits, 8);
  values[3] = Double(off + 2 * DensityErrorBound(c.k, c.dim, c.n));
  const auto violations = CheckDensityInvariant(inv, ptrs);
  ASSERT_EQ(violations.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(violations[0], inv.fields[3])) << violations[0];
  ptrs[3] = nullptr;  // unanswered: skipped
  EXPECT_TRUE(CheckDensityInvariant(inv, ptrs).empty());
}

TEST(DensitySuites, ExactCasesStayWithinKAndCompactionCasesPassIt) {
  for (const Suite* suite : DensitySuites())
    for (SuiteScale scale : {SuiteScale::kSmoke, SuiteScale::kReduced}) {
      const auto cases = suite->Generate(scale);
      EXPECT_FALSE(cases.empty()) << suite->name();
      for (const Case& c : cases) {
        int64_t k = 0, n = -1;
        for (const std::string& part : std::vector<std::string>(absl::StrSplit(c.id, '/'))) {
          if (absl::StartsWith(part, "k=")) k = std::stoll(part.substr(2));
          if (absl::StartsWith(part, "n=")) n = std::stoll(part.substr(2));
        }
        if (n < 0) continue;
        if (suite->name() == "density.exact") {
          EXPECT_LE(n, k) << c.id;
        } else if (suite->name() == "density.compaction") {
          EXPECT_GT(n, k) << c.id;
        }
      }
    }
}

}  // namespace
}  // namespace dsconform
