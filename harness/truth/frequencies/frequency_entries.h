#ifndef DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_ENTRIES_H_
#define DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_ENTRIES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_builder.h"
#include "harness/case/case_program.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The case member that carries frequency truth (docs/case-format.md, "Frequency truth").
inline constexpr char kFrequencyTruthMember[] = "frequency_truth";

// A query step of a frequent-items sketch whose answers (the stream weight,
// the bounds of its `keys`, the maximum error, the frequent items at both
// error types) are judged against the exact weight of every item its slot was
// fed, computed from the steps before it (frequency_truth.h, frequency_check.h).
struct FrequencyTruth {
  std::string of;      // the query's `as` (or slot)
  int64_t weight = 0;  // the slot's stream weight: the point the study pools at
  std::string series;  // the study pools the trials of one series ("lg=8 long skewed") at one weight
};

// The entry as a case carries it: {"of", "weight", "series"}.
nlohmann::ordered_json FrequencyTruthToJson(const FrequencyTruth& t);
// Reads and checks the entries of a case's "frequency_truth" member; messages
// name the JSON path from `path` on ("/frequency_truth/0/weight: must not be negative").
absl::StatusOr<std::vector<FrequencyTruth>> FrequencyTruthsFromJson(const nlohmann::ordered_json& entries,
                                                                    const std::string& path);
// Adds an entry to the case a suite is building.
void AddFrequencyTruth(CaseBuilder& b, const FrequencyTruth& t);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_ENTRIES_H_
