#ifndef DSCONFORM_HARNESS_BENCH_SERIAL_PASS_H_
#define DSCONFORM_HARNESS_BENCH_SERIAL_PASS_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/run/runner.h"

namespace dsconform {

// Where the time of one worker's run went, step by step (`dsconform bench`).
struct SerialPassTimes {
  double unpack_seconds = 0;   // cases unpacked from the store: to size them, then batch by batch
  double execute_seconds = 0;  // item tapes, cross-stage set-up, and the engine calls (BatchTimes)
  double records_seconds = 0;  // making records: diff, invariants, expectations
  double sink_seconds = 0;     // records handed to the sink (the journal)
  int64_t batches = 0;
  int64_t records = 0;
  bool interrupted = false;
};

// Does what RunCases does with one worker, batch by batch in the same batches, with a clock
// around each step. Engines run one after the other over each batch's prepared stages, so
// TimedEngines among `engines` see each engine alone. Batches reach `sink` in case order.
absl::StatusOr<SerialPassTimes> RunSerialPass(const CaseStore& cases, EngineSet& engines, const RunOptions& options,
                                              RecordSink& sink);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_BENCH_SERIAL_PASS_H_
