#include "harness/truth/accuracy_stats.h"

#include <algorithm>
#include <cmath>

namespace dsconform {

double BinomialLowerTail(int64_t k, int64_t n, double p) {
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return 0;
  // log C(n, i) p^i (1-p)^(n-i), summed from the largest term down so that
  // nothing underflows before it matters.
  const double lp = std::log(p), lq = std::log1p(-p);
  auto log_term = [&](int64_t i) {
    return std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) + i * lp + (n - i) * lq;
  };
  double max_log = -INFINITY;
  for (int64_t i = 0; i <= k; ++i) max_log = std::max(max_log, log_term(i));
  double sum = 0;
  for (int64_t i = 0; i <= k; ++i) sum += std::exp(log_term(i) - max_log);
  return std::min(1.0, std::exp(max_log + std::log(sum)));
}

double Quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return NAN;
  const double h = (sorted.size() - 1) * std::clamp(q, 0.0, 1.0);
  const size_t lo = static_cast<size_t>(std::floor(h));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

double NormalTwoSidedTail(double z) { return std::erfc(std::fabs(z) / std::sqrt(2.0)); }

double OneSidedNominal(int sd) { return 1 - NormalTwoSidedTail(sd) / 2; }
double TwoSidedNominal(int sd) { return 1 - NormalTwoSidedTail(sd); }

}  // namespace dsconform
