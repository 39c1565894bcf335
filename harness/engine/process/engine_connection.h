#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_CONNECTION_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_CONNECTION_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "absl/types/span.h"
#include "harness/engine/engine.h"
#include "harness/engine/process/child_process.h"
#include "harness/engine/process/engine_protocol.h"
#include "harness/engine/process/process_engine.h"

namespace dsconform {

// How an exchange with an engine process failed (see kEngineFailureField for
// the classes). The process is gone afterwards.
struct EngineFailure {
  std::string cls;          // crash, timeout, protocol
  std::string message;      // "crashed: signal 11 (SIGSEGV)"
  std::string stderr;       // what the process wrote to stderr (ChildProcess::StderrExcerpt)

  // The message, then the stderr excerpt when there is one.
  std::string Text() const;
};

// The answer to one run request: a result per stage, or the failure.
struct BatchAnswer {
  std::vector<StageResult> results;
  std::optional<EngineFailure> failure;
};

// One running engine process that has answered hello: the framed exchange of
// docs/engine-protocol.md over its pipes.
class EngineConnection {
 public:
  // Spawns spec.command and exchanges hellos (within spec.case_timeout).
  // FailedPrecondition naming the command and what went wrong otherwise.
  static absl::StatusOr<std::unique_ptr<EngineConnection>> Start(const ProcessEngineSpec& spec);
  // Says bye, then ends and reaps the process.
  ~EngineConnection();

  const EngineHello& hello() const { return hello_; }
  pid_t pid() const { return child_->pid(); }

  // Runs one batch within `timeout`. After a failure the process has been
  // killed and reaped, and the connection must be dropped.
  BatchAnswer Run(absl::Span<const PreparedStage> stages, absl::Duration timeout);

 private:
  explicit EngineConnection(std::unique_ptr<ChildProcess> child) : child_(std::move(child)) {}
  // Sends `request` and reads one frame, or fails (ending the process).
  absl::StatusOr<Frame> Exchange(const std::string& request, absl::Duration timeout, EngineFailure* failure);
  EngineFailure Fail(std::string cls, std::string message);

  std::unique_ptr<ChildProcess> child_;
  FrameDecoder decoder_;
  EngineHello hello_;
  uint64_t next_id_ = 1;
};

// "30 s", "1.5 s".
std::string FormatSeconds(absl::Duration d);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_CONNECTION_H_
