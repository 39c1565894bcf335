#ifndef DSCONFORM_HARNESS_TRUTH_INCLUSION_TEST_H_
#define DSCONFORM_HARNESS_TRUTH_INCLUSION_TEST_H_

#include <cstdint>
#include <string>
#include <vector>

namespace dsconform {

// Whether a sampling sketch includes each item with the probability it
// promises (Reservoir: k/n for every item; EBPPS: proportional to weight),
// judged from T independent trials: how often each item was in the sample.
// Shared by the sampling families (Reservoir, EBPPS, VarOpt).
struct InclusionJudgement {
  int64_t items = 0;            // items with 0 < p < 1 (the others are checked exactly)
  double chi_square = 0;        // sum over them of (c - T p)^2 / (T p (1 - p))
  double df = 0;
  double chi_square_p = 1;      // upper tail of the statistic
  double bonferroni_p = 1;      // the smallest two-sided binomial p-value of one item, times `items`, at most 1
  std::string worst_item;       // "item 17: 31 of 400 trials, expected 40.0"
  std::vector<std::string> certain_violations;  // p = 1 items missing, p = 0 items present
};

// counts[i]: trials (of `trials`) whose sample held item i; p[i] its promised
// probability. `fixed_size`: every trial's sample has the same size sum(p)
// (Reservoir), so the counts sum to a constant and the statistic, scaled by
// (m - 1) / m, is chi-square with m - 1 degrees of freedom for simple random
// sampling; otherwise (EBPPS) it is taken as chi-square with m (its mean, as
// every count's variance is T p (1 - p)). The p-value is Wilson-Hilferty's
// normal approximation; the binomial tests are exact.
InclusionJudgement JudgeInclusion(const std::vector<int64_t>& counts, const std::vector<double>& p, int64_t trials,
                                  bool fixed_size);

// The significance below which a judgement is a failure: the accuracy studies' line (truth_study.h).
inline constexpr double kInclusionAlpha = 0.001;

// The line for draws no caller can pin (Reservoir: datasketches-java's ThreadLocalRandom, the Go
// module's global math/rand). Each run draws afresh, so its chance failures add up over its checks,
// and a rerun does not repeat one: at 1e-5 a test, the whole qualification's 20 such checks (40
// tests) fail by chance in under 0.1% of runs, where at kInclusionAlpha about 4% did.
inline constexpr double kUnpinnedInclusionAlpha = 1e-5;

// The violations of `j` at `alpha`, one line each, prefixed by `what`.
std::vector<std::string> InclusionViolations(const InclusionJudgement& j, const std::string& what,
                                             double alpha = kInclusionAlpha);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_INCLUSION_TEST_H_
