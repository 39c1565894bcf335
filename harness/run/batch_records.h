#ifndef DSCONFORM_HARNESS_RUN_BATCH_RECORDS_H_
#define DSCONFORM_HARNESS_RUN_BATCH_RECORDS_H_

#include <string>
#include <vector>

#include "harness/run/batch_execution.h"
#include "harness/run/engine_turns.h"
#include "harness/run/record_builder.h"

namespace dsconform {

// Where a batch's time went, for `dsconform bench`: making records (diffs,
// invariants, expectations) and everything else (item tapes, cross-stage
// set-up, the engines' calls).
struct BatchTimes {
  double execute_seconds = 0;
  double records_seconds = 0;
};

// Runs a batch on every engine and makes its records, case by case in batch
// order, each case's in a fixed order: each candidate against the reference;
// then each engine's self-check; then, for every writer W, every other reader R
// against W reading its own images (record_builder.h). It holds at most two
// engines' answers at a time: the reference's, or a writer's reading its own
// images, and the one compared with it, which becomes records as it arrives. Each
// writer's images that its cross stages read are kept from its first answer until
// they ran. The engines run one after another: the reference (or the writer) first
// and the others in order, or, given `turns` (workers side by side), first an engine
// whose library no other worker is in; the records are the same in any order.
std::vector<Record> RunBatchRecords(const std::vector<IndexedCase>& batch, EngineSet& engines,
                                    const std::vector<std::string>& engine_names, const RunOptions& options,
                                    TapeCache* tapes, BatchTimes* times = nullptr,
                                    const EngineTurns* turns = nullptr);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_BATCH_RECORDS_H_
