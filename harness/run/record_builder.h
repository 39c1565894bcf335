#ifndef DSCONFORM_HARNESS_RUN_RECORD_BUILDER_H_
#define DSCONFORM_HARNESS_RUN_RECORD_BUILDER_H_

#include <string>
#include <vector>

#include "harness/expect/expectations.h"
#include "harness/run/batch_execution.h"

namespace dsconform {

// Turns one case's outcomes into records, in a fixed order: each candidate
// against the reference; then each engine's self-check, its invariants and
// its accuracy against the case's truth (reference = candidate = that engine;
// harness/accuracy/accuracy_check.h); then each cross stage: for every writer W, every other
// reader R against W reading its own images.
std::vector<Record> BuildRecords(const IndexedCase& ic, const std::vector<std::string>& engine_names,
                                 size_t reference, const std::vector<StageOutcome>& first,
                                 const std::vector<std::vector<StageOutcome>>& cross,
                                 const ExpectationSet* expectations, bool check_invariants = true,
                                 double outlier_standard_errors = 6, double rank_outlier_epsilons = 3);

// Replaces each differing image longer than `max_bytes` by its length and
// first bytes (Value::Omitted), after its ranges and decoded fields were taken
// from it: a record of two 16 MiB images would otherwise carry 64 MiB of hex
// that nobody reads (`dsconform repro` runs the case again). Hashing them
// instead would cost more than the differ. Negative: keep all.
void OmitLargeImages(Record& record, int64_t max_bytes);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_RECORD_BUILDER_H_
