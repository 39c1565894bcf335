#ifndef DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_CHECK_H_
#define DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_CHECK_H_

#include <vector>

#include "harness/engine/observation.h"
#include "harness/record/record.h"
#include "harness/truth/distinct/distinct_entries.h"
#include "harness/truth/distinct/distinct_samples.h"

namespace dsconform {

struct DistinctCheckResult {
  std::vector<DistinctSample> samples;  // one per DistinctTruth the engine answered
  std::vector<FieldDiff> outliers;      // "accuracy: <of>.estimate", truth vs a sentence
  int checks = 0;
};

// Judges one engine's own estimates against the case's truths: for each,
// reads <of>.estimate, <of>.lb1..3 and <of>.ub1..3 and the stated relative
// standard error (the observation DistinctTruth::rse names, or kRseFromBounds;
// distinct_entries.h). An estimate further than `max_standard_errors` standard
// errors from the truth (|est - truth| > max * rse * max(truth, 1)) is an
// outlier: no honest sketch lands there, so data was lost or invented. Truths whose estimate the engine did not produce
// (it threw, or cannot do the step) are skipped, as invariants are.
DistinctCheckResult CheckDistinct(const std::vector<DistinctTruth>& truths, const Observations& obs,
                                  double max_standard_errors);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_CHECK_H_
