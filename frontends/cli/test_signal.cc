#include "frontends/cli/test_signal.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace dsconform {

absl::StatusOr<std::optional<TestSignal>> TestSignalFromEnvironment() {
  const char* value = std::getenv("DSCONFORM_TEST_SIGNAL");
  if (value == nullptr || *value == '\0') return std::nullopt;
  TestSignal s;
  s.text = value;
  const std::vector<std::string> parts = absl::StrSplit(s.text, '@');
  bool ok = parts.size() == 2;
  if (ok && parts[0] == "KILL") {
    s.signal = SIGKILL;
  } else if (ok && (parts[0] == "INT" || parts[0] == "INT2")) {
    s.signal = SIGINT;
    s.times = parts[0] == "INT2" ? 2 : 1;
  } else {
    ok = false;
  }
  if (ok && parts[1] == "records") {
    ok = s.signal == SIGKILL;
  } else if (ok) {
    ok = absl::SimpleAtoi(parts[1], &s.after_cases) && s.after_cases >= 0;
  }
  if (!ok)
    return absl::InvalidArgumentError(absl::StrCat("DSCONFORM_TEST_SIGNAL=", s.text,
                                                   ": expected KILL@N, INT@N, INT2@N or KILL@records"));
  return s;
}

void RaiseTestSignal(const TestSignal& s, const std::string& what) {
  std::fprintf(stderr, "dsconform: test signal %s after %s\n", s.text.c_str(), what.c_str());
  std::fflush(stderr);
  for (int i = 0; i < s.times; ++i) std::raise(s.signal);
}

}  // namespace dsconform
