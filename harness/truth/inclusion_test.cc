#include "harness/truth/inclusion_test.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_format.h"
#include "harness/truth/accuracy_stats.h"

namespace dsconform {
namespace {

// P[X >= x] for X ~ chi-square(df), by Wilson-Hilferty.
double ChiSquareUpperTail(double x, double df) {
  if (df <= 0) return 1.0;
  const double v = 2.0 / (9.0 * df);
  const double z = (std::cbrt(x / df) - (1.0 - v)) / std::sqrt(v);
  const double tail = NormalTwoSidedTail(std::fabs(z)) / 2;
  return z >= 0 ? tail : 1.0 - tail;
}

double BinomialTwoSided(int64_t c, int64_t t, double p) {
  const double below = BinomialLowerTail(c, t, p);
  const double above = c == 0 ? 1.0 : 1.0 - BinomialLowerTail(c - 1, t, p);
  return std::min(1.0, 2 * std::min(below, above));
}

}  // namespace

InclusionJudgement JudgeInclusion(const std::vector<int64_t>& counts, const std::vector<double>& p, int64_t trials,
                                  bool fixed_size) {
  InclusionJudgement j;
  double smallest = 1.0;
  for (size_t i = 0; i < counts.size() && i < p.size(); ++i) {
    const double expected = static_cast<double>(trials) * p[i];
    if (p[i] >= 1.0 || p[i] <= 0.0) {
      const int64_t want = p[i] >= 1.0 ? trials : 0;
      if (counts[i] != want)
        j.certain_violations.push_back(
            absl::StrFormat("item %d: in %d of %d trials, where its probability is %g", i, counts[i], trials, p[i]));
      continue;
    }
    ++j.items;
    const double d = static_cast<double>(counts[i]) - expected;
    j.chi_square += d * d / (expected * (1.0 - p[i]));
    const double bp = BinomialTwoSided(counts[i], trials, p[i]);
    if (bp < smallest) {
      smallest = bp;
      j.worst_item = absl::StrFormat("item %d: %d of %d trials, expected %.1f", i, counts[i], trials, expected);
    }
  }
  const double m = static_cast<double>(j.items);
  if (fixed_size && j.items > 1) {
    j.df = m - 1;
    j.chi_square_p = ChiSquareUpperTail(j.chi_square * (m - 1) / m, j.df);
  } else {
    j.df = m;
    j.chi_square_p = ChiSquareUpperTail(j.chi_square, j.df);
  }
  j.bonferroni_p = std::min(1.0, smallest * std::max(1.0, m));
  return j;
}

std::vector<std::string> InclusionViolations(const InclusionJudgement& j, const std::string& what, double alpha) {
  std::vector<std::string> out;
  for (const std::string& v : j.certain_violations) out.push_back(what + ": " + v);
  if (j.items > 0 && j.chi_square_p < alpha)
    out.push_back(absl::StrFormat("%s: chi-square %.2f over %d items (df %.0f) has p = %.3g < %g", what, j.chi_square,
                                  j.items, j.df, j.chi_square_p, alpha));
  if (j.items > 0 && j.bonferroni_p < alpha)
    out.push_back(absl::StrFormat("%s: %s, two-sided binomial p = %.3g after Bonferroni over %d items", what,
                                  j.worst_item, j.bonferroni_p, j.items));
  return out;
}

}  // namespace dsconform
