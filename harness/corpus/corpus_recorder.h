#ifndef DSCONFORM_HARNESS_CORPUS_CORPUS_RECORDER_H_
#define DSCONFORM_HARNESS_CORPUS_CORPUS_RECORDER_H_

#include <functional>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/corpus/corpus_file.h"
#include "harness/run/runner.h"

namespace dsconform {

struct RecordStats {
  int64_t recorded = 0;
  int64_t unsupported = 0;  // cases of families the engine does not do: not recorded
  bool interrupted = false;
};

// Runs every case on the one engine of `engine` (first stage, then its own
// cross stage on its own images) and appends what it observed to `writer`, in
// case order. A stage the engine failed on is recorded as that failure. The cases are unpacked
// a batch's worth at a time.
absl::StatusOr<RecordStats> RecordCorpus(const CaseStore& cases, EngineSet& engine, CorpusWriter& writer,
                                         const std::function<bool()>& should_stop, const ProgressFn& progress);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CORPUS_CORPUS_RECORDER_H_
