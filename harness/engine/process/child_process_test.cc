#include "harness/engine/process/child_process.h"

#include <errno.h>
#include <signal.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

std::unique_ptr<ChildProcess> Start(const std::vector<std::string>& argv) {
  auto child = ChildProcess::Spawn(argv);
  EXPECT_TRUE(child.ok()) << child.status();
  return child.ok() ? std::move(*child) : nullptr;
}

absl::Time Soon() { return absl::Now() + absl::Seconds(10); }

TEST(ChildProcess, DestructionKillsAndReapsTheChild) {
  auto child = Start({"sleep", "100"});
  const pid_t pid = child->pid();
  ASSERT_EQ(kill(pid, 0), 0);
  child.reset();
  EXPECT_EQ(kill(pid, 0), -1);  // gone, and no zombie left behind
  EXPECT_EQ(errno, ESRCH);
}

// What a second interrupt does before the harness exits: a busy engine ignores the end of its
// input, so its whole process group (here a shell and the loop it started) is killed, and a
// child already reaped is left alone.
TEST(ChildProcess, KillAllChildProcessGroupsKillsEveryLiveChildAndWhatItStarted) {
  auto busy = Start({"sh", "-c", "sh -c 'while :; do :; done' & echo $!; wait"});
  std::string line;
  while (line.find('\n') == std::string::npos) ASSERT_TRUE(busy->Read(&line, Soon()).ok());
  const std::string loop = "/proc/" + line.substr(0, line.find('\n')) + "/stat";
  auto done = Start({"sh", "-c", "exit 0"});
  EXPECT_EQ(done->Finish(absl::Seconds(5)), "exited with status 0");
  KillAllChildProcessGroups();
  EXPECT_EQ(busy->Finish(absl::Seconds(5)), "crashed: signal 9 (SIGKILL)");
  // The loop it started is gone or a zombie (whoever adopted it reaps it), not running.
  const absl::Time until = Soon();
  char state = 'R';
  while (absl::Now() < until) {
    std::ifstream stat(loop);
    std::string pid, comm;
    if (!(stat >> pid >> comm >> state) || state == 'Z') break;
    usleep(10000);
  }
  EXPECT_TRUE(state == 'Z' || !std::ifstream(loop)) << state;
}

TEST(ChildProcess, BytesGoThroughStdinAndStdout) {
  auto child = Start({"cat"});
  const std::string big(1 << 20, 'x');  // larger than a pipe: needs reading while writing
  ASSERT_TRUE(child->Write(big, Soon()).ok());
  std::string got;
  while (got.size() < big.size()) ASSERT_TRUE(child->Read(&got, Soon()).ok());
  EXPECT_EQ(got, big);
  child->CloseInput();
  EXPECT_EQ(child->Finish(absl::Seconds(5)), "exited with status 0");
}

TEST(ChildProcess, ACrashIsNamedByItsSignal) {
  auto child = Start({"sh", "-c", "kill -SEGV $$"});
  std::string out;
  EXPECT_TRUE(absl::IsUnavailable(child->Read(&out, Soon())));
  EXPECT_EQ(child->Finish(absl::Seconds(5)), "crashed: signal 11 (SIGSEGV)");
}

TEST(ChildProcess, AnExitSaysItsStatus) {
  auto child = Start({"sh", "-c", "exit 3"});
  EXPECT_EQ(child->Finish(absl::Seconds(5)), "exited with status 3");
  EXPECT_EQ(child->Kill(), "exited with status 3");  // idempotent
}

TEST(ChildProcess, AChildThatClosesItsOutputButLingersIsKilled) {
  auto child = Start({"sh", "-c", "exec 1>&-; sleep 30"});
  std::string out;
  EXPECT_TRUE(absl::IsUnavailable(child->Read(&out, Soon())));
  EXPECT_EQ(child->Finish(absl::Milliseconds(200)), "closed its output and was killed");
}

// 3000 lines of stderr: the excerpt is the first lines, how much was left out, and the last lines.
TEST(ChildProcess, StderrKeepsItsHeadAndTail) {
  auto child = Start({"sh", "-c", "i=0; while [ $i -lt 3000 ]; do echo line$i >&2; i=$((i+1)); done; echo done"});
  std::string out;
  while (out != "done\n") ASSERT_TRUE(child->Read(&out, Soon()).ok()) << out;
  child->Finish(absl::Seconds(5));
  const std::string excerpt = child->StderrExcerpt();
  EXPECT_EQ(excerpt.rfind("line0\nline1\n", 0), 0u) << excerpt.substr(0, 40);
  EXPECT_EQ(excerpt.substr(excerpt.size() - 9), "line2999\n");
  EXPECT_LE(excerpt.size(), ChildProcess::kStderrHeadBytes + ChildProcess::kStderrTailBytes + 40);
  size_t total = 0;
  for (int i = 0; i < 3000; ++i) total += 5 + std::to_string(i).size();
  const size_t left_out = total - ChildProcess::kStderrHeadBytes - ChildProcess::kStderrTailBytes;
  EXPECT_NE(excerpt.find(absl::StrCat("\n[... ", left_out, " bytes ...]\n")), std::string::npos);
}

TEST(ChildProcess, ShortStderrIsKeptWhole) {
  auto child = Start({"sh", "-c", "printf 'one\\ntwo\\n' >&2; echo done"});
  std::string out;
  while (out != "done\n") ASSERT_TRUE(child->Read(&out, Soon()).ok()) << out;
  child->Finish(absl::Seconds(5));
  EXPECT_EQ(child->StderrExcerpt(), "one\ntwo\n");
}

TEST(ChildProcess, WritingToADeadChildFailsWithoutSigpipe) {
  auto child = Start({"sh", "-c", "exec 0<&-; sleep 30"});  // closes its stdin, stays alive
  const auto st = child->Write(std::string(1 << 20, 'x'), Soon());
  EXPECT_TRUE(absl::IsUnavailable(st)) << st;  // and this process is still alive
  EXPECT_EQ(child->Kill(), "killed");
}

TEST(ChildProcess, ReadGivesUpAtTheDeadline) {
  auto child = Start({"sleep", "30"});
  std::string out;
  const absl::Time start = absl::Now();
  EXPECT_TRUE(absl::IsDeadlineExceeded(child->Read(&out, start + absl::Milliseconds(200))));
  EXPECT_LT(absl::Now() - start, absl::Seconds(5));
  EXPECT_EQ(child->Kill(), "killed");
}

TEST(ChildProcess, AProgramThatDoesNotExistCannotStart) {
  auto child = ChildProcess::Spawn({"/nonexistent/engine", "--x"});
  ASSERT_FALSE(child.ok());
  EXPECT_NE(child.status().message().find("cannot start /nonexistent/engine --x"), absl::string_view::npos)
      << child.status();
}

}  // namespace
}  // namespace dsconform
