#ifndef DSCONFORM_HARNESS_ACCURACY_ACCURACY_CHECK_H_
#define DSCONFORM_HARNESS_ACCURACY_ACCURACY_CHECK_H_

#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"
#include "harness/record/record.h"

namespace dsconform {

// The name a Truth's `rse` takes when the library states its error only through
// its bounds (Theta, CPC). The stated RSE (of the sample, for the study) is
// then the half-width of the engine's own 1-sd interval, (ub1 - lb1) / 2,
// relative to the truth. The outlier check measures on the truth's side (ub1 -
// estimate when the truth is above, else estimate - lb1), because the bounds
// need not be symmetric: CPC's lower bound is at least its coupon count and its
// upper bound is rounded up, so at a few items one side is much the narrower.
// A zero-width interval (the sketch claims to be exact) makes any estimate
// other than the truth an outlier.
inline constexpr char kRseFromBounds[] = "@bounds";

struct AccuracyCheckResult {
  std::vector<AccuracySample> samples;  // one per Truth the engine answered
  std::vector<FieldDiff> outliers;      // "accuracy: <of>.estimate", truth vs a sentence
  int checks = 0;
};

// Judges one engine's own estimates against the case's truth: for every Truth,
// reads <of>.estimate, <of>.lb1..3 and <of>.ub1..3 and the stated relative
// standard error (the observation Truth::rse names, or kRseFromBounds). An estimate further than
// `max_standard_errors` standard errors from the truth (|est - truth| >
// max * rse * max(truth, 1)) is an outlier: no honest sketch lands there, so
// data was lost or invented. Truths whose estimate the engine did not produce
// (it threw, or cannot do the step) are skipped, as invariants are.
AccuracyCheckResult CheckAccuracy(const Case& c, const Observations& obs, double max_standard_errors);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ACCURACY_ACCURACY_CHECK_H_
