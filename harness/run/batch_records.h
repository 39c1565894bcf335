#ifndef DSCONFORM_HARNESS_RUN_BATCH_RECORDS_H_
#define DSCONFORM_HARNESS_RUN_BATCH_RECORDS_H_

#include <string>
#include <vector>

#include "harness/run/batch_execution.h"
#include "harness/run/record_builder.h"

namespace dsconform {

// Where a batch's time went, for `dsconform bench`: making records (diffs,
// invariants, expectations) and everything else (item tapes, cross-stage
// set-up, the engines' calls).
struct BatchTimes {
  double execute_seconds = 0;
  double records_seconds = 0;
};

// Runs a batch on every engine and makes its records, in BuildRecords' order,
// holding at most two engines' answers at a time: the reference's, or a writer's
// reading its own images, and the one compared with it, which becomes records as
// it arrives. Each writer's images that its cross stages read are kept from its
// first answer until they ran. ExecuteBatch then BuildBatchRecords give the same
// records, holding every engine's answers until the end.
std::vector<Record> RunBatchRecords(const std::vector<IndexedCase>& batch, EngineSet& engines,
                                    const std::vector<std::string>& engine_names, const RunOptions& options,
                                    TapeCache* tapes, BatchTimes* times = nullptr);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_BATCH_RECORDS_H_
