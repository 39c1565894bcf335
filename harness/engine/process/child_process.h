#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_CHILD_PROCESS_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_CHILD_PROCESS_H_

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace dsconform {

// A program running with its stdin, stdout and stderr on pipes to this
// process. Started with posix_spawn (no fork of a process that may host a JVM,
// whose other threads' locks a forked child would inherit), in a process group
// of its own so that a Ctrl-C at the terminal reaches the harness, which
// stops between batches, and not the engine in the middle of a case.
//
// Reads and writes never block past their deadline, and stderr is drained
// meanwhile (its first kStderrHeadBytes and last kStderrTailBytes kept), so a
// child that writes much to stderr cannot stall on a full pipe. One thread at
// a time.
class ChildProcess {
 public:
  static constexpr size_t kStderrHeadBytes = 2048;
  static constexpr size_t kStderrTailBytes = 4096;

  // argv[0] is a path, or a name looked up in PATH.
  static absl::StatusOr<std::unique_ptr<ChildProcess>> Spawn(const std::vector<std::string>& argv);

  // Closes stdin (a well-behaved engine exits at end of input), waits up to
  // a second for the exit, then kills the process group and reaps the child.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }

  // Writes all of `bytes` to the child's stdin. Errors: DeadlineExceeded,
  // Unavailable (the child closed its stdin or exited), Internal.
  absl::Status Write(absl::string_view bytes, absl::Time deadline);
  // Appends at least one byte of the child's stdout to `out`, waiting until
  // `deadline`. Errors: DeadlineExceeded, Unavailable (end of its stdout).
  absl::Status Read(std::string* out, absl::Time deadline);
  // Closes the child's stdin: the end of input.
  void CloseInput();

  // Waits up to `grace` for the child to exit, then kills it; reaps it and
  // says how it ended: "exited with status 3", "crashed: signal 11 (SIGSEGV)",
  // "closed its output and was killed", "did not exit and was killed".
  // Idempotent.
  std::string Finish(absl::Duration grace);
  // Kills and reaps at once; says how it ended (see Finish).
  std::string Kill();
  bool finished() const { return reaped_; }

  // What the child wrote to stderr, after draining what is pending now: all of
  // it, or its first kStderrHeadBytes and last kStderrTailBytes with the
  // number of bytes left out between them. The head says why a Go runtime or
  // a Python interpreter died (the dump of every goroutine that follows
  // "fatal error: runtime: out of memory" fills any tail); the tail says what
  // the engine did last.
  std::string StderrExcerpt();

 private:
  ChildProcess() = default;
  // Moves pending stdout bytes into stdout_pending_ and stderr into the tail,
  // writing `to_write` (advancing *written) when given; returns when progress
  // of the requested kind was made or at the deadline.
  absl::Status Pump(absl::string_view to_write, size_t* written, bool want_stdout, absl::Time deadline);
  void DrainStderr();
  void AppendStderr(const char* data, size_t n);
  bool TryReap(bool block);

  pid_t pid_ = -1;
  int stdin_fd_ = -1, stdout_fd_ = -1, stderr_fd_ = -1;
  bool stdout_eof_ = false;
  bool reaped_ = false;
  bool killed_by_us_ = false;
  std::string how_ended_;
  std::string stdout_pending_;
  std::string stderr_head_;
  std::string stderr_tail_;
  size_t stderr_bytes_ = 0;  // written in all
};

// "signal 11 (SIGSEGV)".
std::string DescribeSignal(int sig);

// Kills the process group of every child not reaped yet: for a harness that must exit at once (a
// second interrupt), so that no engine goes on computing a batch nobody will read. Async-signal-safe.
void KillAllChildProcessGroups();

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_CHILD_PROCESS_H_
