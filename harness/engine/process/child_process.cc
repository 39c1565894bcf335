#include "harness/engine/process/child_process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

extern char** environ;

namespace dsconform {
namespace {

std::string ErrnoText(int err) { return std::strerror(err); }

// The process groups of the children alive now, for KillAllChildProcessGroups, which runs in a
// signal handler: plain atomics only. More children than slots is not expected (one per engine
// and worker); those past it are only left out of that last resort.
constexpr int kLiveSlots = 256;
std::atomic<pid_t> g_live[kLiveSlots];

void Register(pid_t pid) {
  for (auto& slot : g_live) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
}

void Unregister(pid_t pid) {
  for (auto& slot : g_live) {
    pid_t mine = pid;
    if (slot.compare_exchange_strong(mine, 0)) return;
  }
}

// Moves `fd` to a number above 2, close-on-exec, so that dup2 onto the
// child's 0..2 never meets itself and no other child inherits it.
int MoveAbove2(int fd) {
  if (fd > 2) return fd;
  const int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  close(fd);
  return moved;
}

bool MakePipe(int fds[2]) {
  if (pipe2(fds, O_CLOEXEC) != 0) return false;
  fds[0] = MoveAbove2(fds[0]);
  fds[1] = MoveAbove2(fds[1]);
  return fds[0] >= 0 && fds[1] >= 0;
}

void CloseFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

void SetNonBlocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

// Writing to a pipe whose reader died raises SIGPIPE, which would end the
// harness. Block it on this thread for the write, and swallow one that the
// write raised, so that the write fails with EPIPE instead.
class ScopedSigpipeBlock {
 public:
  ScopedSigpipeBlock() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
  }
  ~ScopedSigpipeBlock() {
    sigset_t pending;
    sigpending(&pending);
    if (!was_pending_ && sigismember(&pending, SIGPIPE) == 1) {
      const timespec zero = {0, 0};
      sigtimedwait(&pipe_, nullptr, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }

 private:
  sigset_t pipe_, old_;
  bool was_pending_ = false;
};

int PollTimeoutMs(absl::Time deadline) {
  const absl::Duration left = deadline - absl::Now();
  if (left <= absl::ZeroDuration()) return 0;
  // Round up, so that a poll never returns just before the deadline and spins.
  return static_cast<int>(std::min<int64_t>(absl::ToInt64Milliseconds(left) + 1, 60 * 1000));
}

}  // namespace

std::string DescribeSignal(int sig) {
  struct Name {
    int sig;
    const char* name;
  };
  static constexpr Name kNames[] = {
      {SIGSEGV, "SIGSEGV"}, {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},   {SIGILL, "SIGILL"},
      {SIGKILL, "SIGKILL"}, {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"},   {SIGPIPE, "SIGPIPE"}, {SIGHUP, "SIGHUP"},
      {SIGQUIT, "SIGQUIT"}, {SIGTRAP, "SIGTRAP"}, {SIGSYS, "SIGSYS"},   {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"},
      {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"}, {SIGALRM, "SIGALRM"},
  };
  for (const auto& n : kNames)
    if (n.sig == sig) return absl::StrCat("signal ", sig, " (", n.name, ")");
  return absl::StrCat("signal ", sig);
}

absl::StatusOr<std::unique_ptr<ChildProcess>> ChildProcess::Spawn(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0].empty()) return absl::InvalidArgumentError("no program to start");
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
  auto close_all = [&] {
    for (int* p : {in, out, err}) {
      CloseFd(p[0]);
      CloseFd(p[1]);
    }
  };
  if (!MakePipe(in) || !MakePipe(out) || !MakePipe(err)) {
    const int e = errno;
    close_all();
    return absl::InternalError(absl::StrCat("cannot make pipes for ", argv[0], ": ", ErrnoText(e)));
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // Every pipe end is close-on-exec; dup2 gives the child its three.
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);

  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Own process group (see the class comment); no signal blocked or ignored
  // because the harness (or its JVM) blocked or ignored it.
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2}) sigaddset(&defaults, s);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> cargv;
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, cargv[0], &actions, &attr, cargv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  CloseFd(in[0]);
  CloseFd(out[1]);
  CloseFd(err[1]);
  if (rc != 0) {
    close_all();
    return absl::FailedPreconditionError(absl::StrCat("cannot start ", absl::StrJoin(argv, " "), ": ", ErrnoText(rc)));
  }
  Register(pid);
  std::unique_ptr<ChildProcess> child(new ChildProcess());
  child->pid_ = pid;
  child->stdin_fd_ = in[1];
  child->stdout_fd_ = out[0];
  child->stderr_fd_ = err[0];
  for (int fd : {in[1], out[0], err[0]}) SetNonBlocking(fd);
  return child;
}

ChildProcess::~ChildProcess() {
  Finish(absl::Seconds(1));
  CloseFd(stdin_fd_);
  CloseFd(stdout_fd_);
  CloseFd(stderr_fd_);
}

void ChildProcess::AppendStderr(const char* data, size_t n) {
  if (stderr_head_.size() < kStderrHeadBytes) stderr_head_.append(data, std::min(n, kStderrHeadBytes - stderr_head_.size()));
  stderr_bytes_ += n;
  stderr_tail_.append(data, n);
  if (stderr_tail_.size() > 2 * kStderrTailBytes) stderr_tail_.erase(0, stderr_tail_.size() - kStderrTailBytes);
}

absl::Status ChildProcess::Pump(absl::string_view to_write, size_t* written, bool want_stdout, absl::Time deadline) {
  char buf[1 << 16];
  while (true) {
    const bool writing = written != nullptr && *written < to_write.size();
    if (written != nullptr && !writing) return absl::OkStatus();
    if (want_stdout && !stdout_pending_.empty()) return absl::OkStatus();
    if (want_stdout && stdout_eof_) return absl::UnavailableError("the engine closed its output");

    pollfd fds[3];
    int n = 0;
    int in_i = -1, out_i = -1, err_i = -1;
    if (writing && stdin_fd_ >= 0) fds[in_i = n++] = {stdin_fd_, POLLOUT, 0};
    if (!stdout_eof_ && stdout_fd_ >= 0) fds[out_i = n++] = {stdout_fd_, POLLIN, 0};
    if (stderr_fd_ >= 0) fds[err_i = n++] = {stderr_fd_, POLLIN, 0};
    if (writing && stdin_fd_ < 0) return absl::UnavailableError("the engine's input is closed");

    const int timeout = PollTimeoutMs(deadline);
    const int ready = poll(fds, static_cast<nfds_t>(n), timeout);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return absl::InternalError(absl::StrCat("poll: ", ErrnoText(errno)));
    }
    if (ready == 0) {
      if (absl::Now() >= deadline) return absl::DeadlineExceededError("deadline passed");
      continue;
    }
    if (err_i >= 0 && fds[err_i].revents != 0) {
      const ssize_t r = read(stderr_fd_, buf, sizeof buf);
      if (r > 0) AppendStderr(buf, static_cast<size_t>(r));
      else if (r == 0 || (errno != EAGAIN && errno != EINTR)) CloseFd(stderr_fd_);
    }
    if (out_i >= 0 && fds[out_i].revents != 0) {
      const ssize_t r = read(stdout_fd_, buf, sizeof buf);
      if (r > 0) stdout_pending_.append(buf, static_cast<size_t>(r));
      else if (r == 0 || (errno != EAGAIN && errno != EINTR)) stdout_eof_ = true;
    }
    if (in_i >= 0 && fds[in_i].revents != 0) {
      ScopedSigpipeBlock no_sigpipe;
      const ssize_t w = write(stdin_fd_, to_write.data() + *written, to_write.size() - *written);
      if (w > 0) {
        *written += static_cast<size_t>(w);
      } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        const int e = errno;
        CloseFd(stdin_fd_);
        if (e == EPIPE) return absl::UnavailableError("the engine closed its input");
        return absl::InternalError(absl::StrCat("write to the engine: ", ErrnoText(e)));
      }
    }
  }
}

absl::Status ChildProcess::Write(absl::string_view bytes, absl::Time deadline) {
  size_t written = 0;
  return Pump(bytes, &written, /*want_stdout=*/false, deadline);
}

absl::Status ChildProcess::Read(std::string* out, absl::Time deadline) {
  if (auto st = Pump({}, nullptr, /*want_stdout=*/true, deadline); !st.ok()) return st;
  out->append(stdout_pending_);
  stdout_pending_.clear();
  return absl::OkStatus();
}

void ChildProcess::CloseInput() { CloseFd(stdin_fd_); }

void ChildProcess::DrainStderr() {
  if (stderr_fd_ < 0) return;
  char buf[1 << 16];
  while (true) {
    const ssize_t r = read(stderr_fd_, buf, sizeof buf);
    if (r > 0) {
      AppendStderr(buf, static_cast<size_t>(r));
      continue;
    }
    if (r == 0 || (errno != EAGAIN && errno != EINTR)) CloseFd(stderr_fd_);
    if (r < 0 && errno == EINTR) continue;
    return;
  }
}

std::string ChildProcess::StderrExcerpt() {
  DrainStderr();
  if (stderr_tail_.size() > kStderrTailBytes) stderr_tail_.erase(0, stderr_tail_.size() - kStderrTailBytes);
  if (stderr_bytes_ <= stderr_tail_.size()) return stderr_tail_;  // the tail is all of it
  const size_t kept = stderr_head_.size() + stderr_tail_.size();
  if (stderr_bytes_ <= kept) return stderr_head_ + stderr_tail_.substr(kept - stderr_bytes_);  // they overlap
  return absl::StrCat(stderr_head_, "\n[... ", stderr_bytes_ - kept, " bytes ...]\n", stderr_tail_);
}

bool ChildProcess::TryReap(bool block) {
  if (reaped_) return true;
  int status = 0;
  pid_t r;
  do {
    r = waitpid(pid_, &status, block ? 0 : WNOHANG);
  } while (r < 0 && errno == EINTR);
  if (r == 0) return false;
  reaped_ = true;
  Unregister(pid_);
  if (r < 0) {
    how_ended_ = absl::StrCat("ended, status unknown (", ErrnoText(errno), ")");
    return true;
  }
  if (WIFEXITED(status)) {
    how_ended_ = absl::StrCat("exited with status ", WEXITSTATUS(status));
  } else if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    how_ended_ = killed_by_us_ && sig == SIGKILL ? "killed" : absl::StrCat("crashed: ", DescribeSignal(sig));
  } else {
    how_ended_ = "ended";
  }
  return true;
}

std::string ChildProcess::Finish(absl::Duration grace) {
  if (reaped_) return how_ended_;
  CloseInput();
  const absl::Time deadline = absl::Now() + grace;
  while (!TryReap(false) && absl::Now() < deadline) {
    // Keep draining both pipes: a child blocked on a full pipe would never exit.
    absl::Status st = Pump({}, nullptr, /*want_stdout=*/true, std::min(deadline, absl::Now() + absl::Milliseconds(10)));
    stdout_pending_.clear();
    if (absl::IsUnavailable(st)) {
      DrainStderr();
      if (!TryReap(false)) usleep(2000);
    }
  }
  if (!reaped_) {
    const bool closed_output = stdout_eof_;
    Kill();
    if (how_ended_ == "killed")
      how_ended_ = closed_output ? "closed its output and was killed" : "did not exit and was killed";
  }
  return how_ended_;
}

std::string ChildProcess::Kill() {
  if (TryReap(false)) return how_ended_;  // it ended by itself: say how
  killed_by_us_ = true;
  kill(-pid_, SIGKILL);  // its process group: anything it started too
  kill(pid_, SIGKILL);
  TryReap(true);
  DrainStderr();
  return how_ended_;
}

void KillAllChildProcessGroups() {
  for (auto& slot : g_live) {
    const pid_t pid = slot.load();
    if (pid > 0) kill(-pid, SIGKILL);
  }
}

}  // namespace dsconform
