#ifndef DSCONFORM_HARNESS_TRUTH_RANKS_RANK_CHECK_H_
#define DSCONFORM_HARNESS_TRUTH_RANKS_RANK_CHECK_H_

#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"
#include "harness/record/record.h"
#include "harness/truth/ranks/rank_entries.h"
#include "harness/truth/ranks/rank_samples.h"

namespace dsconform {

struct RankCheckResult {
  std::vector<RankSample> samples;          // one per RankTruth the engine answered
  std::vector<FieldDiff> outliers;          // "accuracy: <of>.rank_error" / ".pmf_error" / ".n" / "<of>"
  int checks = 0;
};

// Judges one engine's answers to the rank-truth queries of case `c` against the
// exact ranks of the items each query's slot was fed (rank_truth.h):
// - ranks[i], ranks_excl[i] of points[i]: |answer - true rank at that criterion|;
// - quantiles[i], quantiles_excl[i] of ranks[i]: how far ranks[i] lies outside
//   [exclusive, inclusive] true rank of the item answered (0 for an exact answer);
// - pmf, pmf_excl: |answer - true mass| per bin.
// The first two give rank_error, the last pmf_error (maxima; NaN answers count
// as infinitely wrong). They are set against the library's own normalized rank
// error, which the query answers too (rank_error: single-sided, for ranks and
// quantiles; rank_error_pmf: double-sided, for pmf). An error above
// `max_epsilons` times it is an outlier: the library states that epsilon with
// ~99% confidence, so several times it means lost or invented weight. A query
// with no truth (items the harness cannot rank, a count that disagrees with
// the case's n) is an outlier too: the judge must not go quiet.
// A relative entry (RankTruth::relative, REQ) sets each rank and quantile
// answer against the library's own 3-sd rank bounds at its rank instead, and
// an answer off where they say exact is an outlier whatever `max_epsilons`.
RankCheckResult CheckRanks(const Case& c, const std::vector<RankTruth>& truths, const Observations& obs,
                           double max_epsilons);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_RANKS_RANK_CHECK_H_
