#ifndef DSCONFORM_HARNESS_RUN_RECORD_BUILDER_H_
#define DSCONFORM_HARNESS_RUN_RECORD_BUILDER_H_

#include <string>
#include <vector>

#include "harness/expect/known_differences.h"
#include "harness/run/batch_execution.h"

namespace dsconform {

// Turns one case's outcomes into records, in a fixed order: each candidate
// against the reference; then each engine's self-check, its invariants and its
// answers against the case's truth, by each kind of truth the family supplies
// (reference = candidate = that engine; harness/truth/truth_kind.h); then each
// cross stage: for every writer W, every other reader R against W reading its own
// images. Of `options`: the reference, the families, the known differences, whether
// invariants are checked, the truth settings, and how large a differing image
// the records keep whole.
std::vector<Record> BuildRecords(const IndexedCase& ic, const std::vector<std::string>& engine_names,
                                 const std::vector<StageOutcome>& first,
                                 const std::vector<std::vector<StageOutcome>>& cross, const RunOptions& options);

// The records of every case of a batch, case by case in batch order.
std::vector<Record> BuildBatchRecords(const std::vector<IndexedCase>& batch, const std::vector<std::string>& engine_names,
                                      const BatchOutcome& outcome, const RunOptions& options);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_RECORD_BUILDER_H_
