#ifndef DSCONFORM_HARNESS_TRUTH_RANKS_RANK_KIND_H_
#define DSCONFORM_HARNESS_TRUTH_RANKS_RANK_KIND_H_

#include "harness/truth/truth_kind.h"

namespace dsconform {

// The setting of the outlier check: a rank error above this many times the
// library's stated epsilon is an outlier (`dsconform run --rank_outlier_epsilons`).
inline constexpr char kRankOutlierEpsilonsSetting[] = "rank_outlier_epsilons";
inline constexpr double kDefaultRankOutlierEpsilons = 3;

// Ranks, for quantiles sketches (KLL; next REQ, t-digest): entries under
// "rank_truth" (rank_entries.h), the check of ranks, quantiles and pmf against
// the exact ranks (rank_truth.h, rank_check.h), samples under "rank_accuracy"
// (rank_samples.h), and the study of the observed error against the stated
// epsilon over trials (rank_study.h, rank_report.h).
const TruthKind& RankTruthKind();

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_RANKS_RANK_KIND_H_
