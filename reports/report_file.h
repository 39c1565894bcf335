#ifndef DSCONFORM_REPORTS_REPORT_FILE_H_
#define DSCONFORM_REPORTS_REPORT_FILE_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace dsconform {

// Writes a whole report file: first to "<path>.tmp", then renamed over `path`,
// so a reader (or a run killed while writing) never sees half a report.
// Errors name the path.
absl::Status WriteReportFile(const std::string& path, absl::string_view content);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_REPORT_FILE_H_
