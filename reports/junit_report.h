#ifndef DSCONFORM_REPORTS_JUNIT_REPORT_H_
#define DSCONFORM_REPORTS_JUNIT_REPORT_H_

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "harness/record/record.h"

namespace dsconform {

// junit.xml for CI systems: one <testsuite> per suite (sorted by name), one
// <testcase> per record in run order, named "<case id> [<candidate>]" or
// "<case id> [<candidate> from <writer>]", classname = suite.
//  - differs, unexpectedly_equal, error: <failure type="<verdict>"> whose
//    message is the first difference (or the reason) and whose body lists
//    every difference and the repro command;
//  - unsupported: <skipped message="<note>"/>;
//  - known: passing, with a <system-out> note naming the expectation.
// Text is escaped for XML 1.0; what XML cannot carry (control bytes, bytes
// that are not UTF-8) is shown as \xNN. No timings: the output is
// deterministic.
//
// Written as the run's records come one at a time in report order, in bounded memory: each
// suite's test cases go to a part file beside `path` until Close puts them together under their
// suite's counts, then `path` is renamed into place whole.
class JunitWriter {
 public:
  // Creates nothing yet: a suite's part file on its first record, `path` at Close.
  JunitWriter(std::string path, RunInfo info);
  ~JunitWriter();  // removes the part files
  JunitWriter(const JunitWriter&) = delete;
  JunitWriter& operator=(const JunitWriter&) = delete;

  absl::Status Add(const Record& r);
  absl::Status Close();

 private:
  struct Part;
  const std::string path_;
  const RunInfo info_;
  std::map<std::string, std::unique_ptr<Part>> parts_;  // by suite name
};

absl::Status WriteJunitReport(const std::string& path, const RunInfo& info, const std::vector<Record>& records);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_JUNIT_REPORT_H_
