#ifndef DSCONFORM_HARNESS_TRUTH_RANKS_RANK_ENTRIES_H_
#define DSCONFORM_HARNESS_TRUTH_RANKS_RANK_ENTRIES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_builder.h"
#include "harness/case/case_program.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The case member that carries rank truth (docs/case-format.md, "Rank truth").
inline constexpr char kRankTruthMember[] = "rank_truth";

// A query step whose answers (ranks, quantiles, pmf, at both search criteria)
// are judged against the exact ranks of the items its slot was fed, computed
// from the steps before it (rank_truth.h, rank_check.h).
struct RankTruth {
  std::string of;      // the query's `as` (or slot)
  int64_t n = 0;       // how many items the slot holds: the stream length the study plots against
  std::string series;  // the study pools the trials of one series ("k=200 double shuffled") at one n
  // Relative error (REQ): each rank and quantile answer is judged against the library's own
  // 3-standard-deviation rank bounds at its rank (the query's rank_lb3/rank_ub3 on its rank grid),
  // which shrink toward the mode's accurate end, to 0 where the library says ranks are exact;
  // instead of one epsilon for every rank (rank_error). pmf is not judged then, and the sample's
  // rank_error is the worst answer's multiple of its stated error (epsilon 1).
  bool relative = false;
};

// The entry as a case carries it: {"of", "n", "series"} (and "relative": true when it is).
nlohmann::ordered_json RankTruthToJson(const RankTruth& t);
// Reads and checks the entries of a case's "rank_truth" member; messages name
// the JSON path from `path` on ("/rank_truth/0/n: must not be negative").
absl::StatusOr<std::vector<RankTruth>> RankTruthsFromJson(const nlohmann::ordered_json& entries,
                                                          const std::string& path);
// The rank truth the case carries (none when it carries none).
absl::StatusOr<std::vector<RankTruth>> RankTruthsOf(const Case& c);
// Adds an entry to the case a suite is building.
void AddRankTruth(CaseBuilder& b, const RankTruth& t);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_RANKS_RANK_ENTRIES_H_
