#ifndef DSCONFORM_FRONTENDS_CLI_TEST_SIGNAL_H_
#define DSCONFORM_FRONTENDS_CLI_TEST_SIGNAL_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"

namespace dsconform {

// DSCONFORM_TEST_SIGNAL makes a run signal itself at an exact point, so that a test
// (kill_resume_test.sh) kills runs where it means to without timing them:
//   KILL@N, INT@N, INT2@N   SIGKILL; one SIGINT (the batches under way finish); two SIGINTs (it
//                           stops at once), as soon as N or more of the run's cases are done
//   KILL@records            SIGKILL once records.jsonl is written, before the summaries and the
//                           journal's removal
// Before it signals, the run says so on stderr with the number of cases done.
struct TestSignal {
  int signal = 0;
  int times = 1;
  int64_t after_cases = -1;  // -1: KILL@records
  std::string text;          // as given
};

// The variable's TestSignal, nothing when it is unset, or why it cannot be read.
absl::StatusOr<std::optional<TestSignal>> TestSignalFromEnvironment();

// Says "dsconform: test signal KILL@N after <what>" on stderr, then raises the signal.
void RaiseTestSignal(const TestSignal& s, const std::string& what);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_TEST_SIGNAL_H_
