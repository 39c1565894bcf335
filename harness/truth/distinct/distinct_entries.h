#ifndef DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_ENTRIES_H_
#define DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_ENTRIES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_builder.h"
#include "harness/case/case_program.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The case member that carries distinct-count truth (docs/case-format.md, "Truth").
inline constexpr char kDistinctTruthMember[] = "truth";

// The name a DistinctTruth's `rse` takes when the library states its error
// only through its bounds (Theta, CPC). The stated RSE (of the sample, for the
// study) is then the half-width of the engine's own 1-sd interval, (ub1 - lb1)
// / 2, relative to the truth. The outlier check measures on the truth's side
// (ub1 - estimate when the truth is above, else estimate - lb1), because the
// bounds need not be symmetric: CPC's lower bound is at least its coupon count
// and its upper bound is rounded up, so at a few items one side is much the
// narrower. A zero-width interval (the sketch claims to be exact) makes any
// estimate other than the truth an outlier.
inline constexpr char kRseFromBounds[] = "@bounds";

// The true answer to one of the case's estimates: the exact number of
// distinct items behind it (distinct_count.h computes it from the case's
// steps).
struct DistinctTruth {
  std::string of;        // the query's `as` (or slot): its fields are <of>.estimate, <of>.lb1 ...
  int64_t distinct = 0;  // the exact number of distinct items the estimate counts
  // The observation (a double, e.g. a rel_err step) holding the library's own
  // stated relative standard error for this estimate, or kRseFromBounds; ""
  // when it states none.
  std::string rse;
  // The accuracy study pools the trials of one series ("lgk=12") at one truth.
  std::string series;
};

// The entry as a case carries it: {"of", "distinct", "rse"?, "series"?}.
nlohmann::ordered_json DistinctTruthToJson(const DistinctTruth& t);
// Reads and checks the entries of a case's "truth" member; messages name the
// JSON path from `path` on ("/truth/0/distinct: must not be negative").
absl::StatusOr<std::vector<DistinctTruth>> DistinctTruthsFromJson(const nlohmann::ordered_json& entries,
                                                                  const std::string& path);
// The distinct-count truth the case carries (none when it carries none).
absl::StatusOr<std::vector<DistinctTruth>> DistinctTruthsOf(const Case& c);
// Adds an entry to the case a suite is building.
void AddDistinctTruth(CaseBuilder& b, const DistinctTruth& t);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_ENTRIES_H_
