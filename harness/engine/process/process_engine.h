#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_ENGINE_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_ENGINE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "harness/engine/engine.h"

namespace dsconform {

// How to run one out-of-process engine: a program speaking
// docs/engine-protocol.md on its stdin and stdout.
struct ProcessEngineSpec {
  std::vector<std::string> command;  // argv; argv[0] a path or a name in PATH
  // When set, the name the engine must give in its hello ("python@5.2.0"),
  // so that a spec cannot silently run another version than it names.
  std::string expected_name;
  // The time one stage run alone, and the hello, may take. A batch gets one
  // of these past its expected time (batch_budget.h), never more than n.
  absl::Duration case_timeout = absl::Seconds(30);
  // When positive, the most data memory (MiB) the process may take (prlimit
  // --data): a damaged image that asks for gigabytes then fails its
  // allocation at once instead of driving the machine into swap.
  int64_t memory_limit_mib = 0;
  // When positive, a process whose resident memory has passed this many MiB
  // when it answers a batch is ended there, and the next batch starts a fresh
  // one (answers are the same from any process): a library that leaks (the
  // Python binding's density sketch, DS2) stays bounded however long the run.
  // Once one of its processes was retired, the engine takes its batches a
  // stage at a time, so that the check follows every stage.
  int64_t retire_above_mib = 0;
};

// The field that replaces a stage's observations when the engine process
// failed on that stage: a single field of kind error, whose class says how:
//   crash     the process died: "crashed: signal 11 (SIGSEGV)",
//             "exited with status 3", "closed its output and was killed"
//   timeout   "timed out after 30 s" (the process was killed)
//   protocol  "protocol error: ..." (garbage on stdout, a malformed or
//             mismatched answer, an `error` message from the engine)
//   rejected  "rejected the stage: ..." (the engine refused the stage as
//             malformed, what an in-process engine returns as a Status)
//   start     "could not restart the engine: ..."
// The message ends with the tail of the engine's stderr when it wrote any.

// Starts the program once to learn its name and families (the hello), and
// fails with a message naming the command when it cannot start or does not
// speak the protocol. Each Create() gives an engine with a process of its own.
//
// The engines' Run never fails as a whole because of one case: when the
// process crashes, hangs past the timeout or writes garbage, it is killed and
// the stages of the batch are run again one at a time, each on a fresh process,
// so that only the guilty stage gets kEngineFailureField. Run returns an error Status
// only when the engine cannot be (re)started at the start of a batch. The
// process is killed and reaped when its engine is destroyed.
absl::StatusOr<std::unique_ptr<EngineFactory>> MakeProcessEngineFactory(const ProcessEngineSpec& spec);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_ENGINE_H_
