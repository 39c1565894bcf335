#ifndef DSCONFORM_REPORTS_MARKDOWN_REPORT_H_
#define DSCONFORM_REPORTS_MARKDOWN_REPORT_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "harness/record/record.h"
#include "reports/run_summary.h"

namespace dsconform {

struct MarkdownOptions {
  int max_examples_per_kind = 3;  // "First examples" shown per kind of difference
  int max_listed = 20;            // unexpectedly-equal and error records listed
  int max_table_rows = 50;        // rows per table before "N more"
  size_t max_value_chars = 160;   // a longer value or message is cut, marked with "…"
  // GitHub refuses a PR comment over 65536 characters: examples that would
  // pass this budget are left out, and the report says how many.
  size_t max_chars = 60000;
};

// summary.md, for a CI job summary or a PR comment: a header with the gate,
// engines, suites and status; counts per suite, per engine pair, per field
// and per decoded field; the first examples of each kind of difference with
// both values and a repro command; unexpectedly-equal and error records with
// their reason. Untrusted text is shown in code spans or escaped.
std::string RenderMarkdownReport(const RunInfo& info, const RunSummary& summary,
                                 const std::vector<Record>& records, const MarkdownOptions& options = {});

absl::Status WriteMarkdownReport(const std::string& path, const RunInfo& info, const RunSummary& summary,
                                 const std::vector<Record>& records, const MarkdownOptions& options = {});

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_MARKDOWN_REPORT_H_
