#ifndef DSCONFORM_HARNESS_RUN_BATCH_RECORDS_H_
#define DSCONFORM_HARNESS_RUN_BATCH_RECORDS_H_

#include <functional>
#include <string>
#include <vector>

#include "harness/run/batch_execution.h"
#include "harness/run/engine_turns.h"
#include "harness/run/record_builder.h"
#include "harness/run/record_lane.h"

namespace dsconform {

// Where a batch's time went, for `dsconform bench`: making records (diffs,
// invariants, expectations) and everything else (item tapes, cross-stage
// set-up, the engines' calls).
struct BatchTimes {
  double execute_seconds = 0;
  double records_seconds = 0;
};

// Runs a batch on every engine and makes its records, case by case in batch order, each case's in
// a fixed order: each candidate against the reference; then each engine's self-check; then, for
// every writer W, every other reader R against W reading its own images (record_builder.h). The
// engines run one after another: the reference (or the writer) first and the others in order, or,
// given `turns` (workers side by side), first an engine whose library no other worker is in; the
// records are the same in any order.
//
// The records are made on `lane` as the answers come, beside the next engine's call, and handed
// to `deliver` there, all of the batch's at once; an engine starts once fewer than `answers`
// (case_memory.h) are held. The call returns when the engines are done, the records perhaps not:
// the batch's cases, `engine_names` and `options` must live until `deliver` has run. The lane
// holds the answers the records are made of (record_lane.h); each writer's images that its cross
// stages read are kept from its first answer until they ran.
void RunBatchRecords(const std::vector<IndexedCase>& batch, EngineSet& engines,
                     const std::vector<std::string>& engine_names, const RunOptions& options, TapeCache* tapes,
                     RecordLane& lane, int answers, std::function<void(std::vector<Record>)> deliver,
                     const EngineTurns* turns = nullptr);

// The same on the caller's thread, step after step (timed into `times`, where given), returning
// the records.
std::vector<Record> RunBatchRecords(const std::vector<IndexedCase>& batch, EngineSet& engines,
                                    const std::vector<std::string>& engine_names, const RunOptions& options,
                                    TapeCache* tapes, BatchTimes* times = nullptr,
                                    const EngineTurns* turns = nullptr);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_BATCH_RECORDS_H_
