#ifndef DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_CHECK_H_
#define DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_CHECK_H_

#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"
#include "harness/record/record.h"
#include "harness/truth/frequencies/frequency_entries.h"
#include "harness/truth/frequencies/frequency_samples.h"

namespace dsconform {

struct FrequencyCheckResult {
  std::vector<FrequencySample> samples;  // one per FrequencyTruth the engine answered
  std::vector<FieldDiff> outliers;       // "accuracy: <of>.<guarantee>"
  int checks = 0;
};

// Judges one engine's answers to the frequency-truth queries of case `c`
// against the exact weight of every item each query's slot was fed. The
// guarantees of a frequent-items sketch are not statistical: each broken one is
// an outlier, whatever the engine:
// - total_weight is the stream weight;
// - lower_bound[i] <= true weight of keys[i] <= upper_bound[i], and the same for
//   every item a frequent-items list gives with its bounds;
// - maximum_error <= epsilon x stream weight (the library's a-priori error);
// - no false positives: every item of frequent_nfp weighs more than the
//   threshold (the query's `threshold`, else the maximum error);
// - no false negatives: every item weighing more than the threshold (and than
//   the maximum error, below which no sketch can promise it) is in frequent_nfn.
// The largest |estimate - true weight| goes into the sample for the study. A
// query with no truth (a slot read from an image, a weight that disagrees with
// the case's) is an outlier too: the judge must not go quiet.
FrequencyCheckResult CheckFrequencies(const Case& c, const std::vector<FrequencyTruth>& truths,
                                      const Observations& obs);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_CHECK_H_
