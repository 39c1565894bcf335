#ifndef DSCONFORM_HARNESS_TRUTH_ACCURACY_STATS_H_
#define DSCONFORM_HARNESS_TRUTH_ACCURACY_STATS_H_

#include <cstdint>
#include <vector>

namespace dsconform {

// The few statistics the accuracy study needs, exact and deterministic (no
// random numbers, no platform-dependent library calls beyond <cmath>), so the
// study of a run is byte-identical however it was sharded.

// P[X <= k] for X ~ Binomial(n, p): the chance of seeing at most k successes
// in n trials when each succeeds with probability p. Summed in log space, so
// n of a million is fine.
double BinomialLowerTail(int64_t k, int64_t n, double p);

// The q-quantile (0 <= q <= 1) of `sorted` (ascending, not empty), linearly
// interpolated between closest ranks (Hyndman and Fan type 7, as numpy's default).
double Quantile(const std::vector<double>& sorted, double q);

// P[|Z| > z] for a standard normal Z: the two-sided tail a Gaussian error
// model gives to an error of z standard errors.
double NormalTwoSidedTail(double z);

// Coverage a bound at `sd` standard deviations promises when the error is
// Gaussian: a lower bound at 1 sd should lie at or below the truth in
// Phi(1) = 84.1% of trials, and the two-sided interval [lb, ub] at 1 sd
// should hold it in 68.3% of them.
double OneSidedNominal(int sd);
double TwoSidedNominal(int sd);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_ACCURACY_STATS_H_
