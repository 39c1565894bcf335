#ifndef DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_KIND_H_
#define DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_KIND_H_

#include "harness/truth/truth_kind.h"

namespace dsconform {

// The setting of the outlier check: an estimate further than this many stated
// standard errors from the truth is an outlier (`dsconform run --outlier_sigmas`).
inline constexpr char kOutlierSigmasSetting[] = "outlier_sigmas";
inline constexpr double kDefaultOutlierSigmas = 6;

// Distinct counts, for the families that estimate them (HLL, Theta, CPC):
// entries under "truth" (distinct_entries.h), the check of each estimate
// against the stated error (distinct_check.h), samples under "accuracy"
// (distinct_samples.h), and the study of error and bound coverage over trials
// (distinct_study.h, distinct_report.h).
const TruthKind& DistinctTruthKind();

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_KIND_H_
