#ifndef DSCONFORM_REPORTS_JUNIT_REPORT_H_
#define DSCONFORM_REPORTS_JUNIT_REPORT_H_

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
std::string RenderJunitReport(const RunInfo& info, const std::vector<Record>& records);

absl::Status WriteJunitReport(const std::string& path, const RunInfo& info, const std::vector<Record>& records);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_JUNIT_REPORT_H_
