#ifndef DSCONFORM_REPORTS_HTML_REPORT_H_
#define DSCONFORM_REPORTS_HTML_REPORT_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "harness/record/record.h"
#include "reports/html_hex_view.h"
#include "reports/run_summary.h"

namespace dsconform {

struct HtmlOptions {
  // Records given a details section (failing verdicts first, then known);
  // the report says how many were left out.
  int max_detailed_records = 500;
  // Rows of the records table; past it equal records are left out first.
  int max_table_rows = 10000;
  size_t max_value_chars = 2000;  // a longer string value or message is cut
  HexViewOptions hex;
  // E.g. "took 41.2 s"; shown under the header. The only text that may
  // differ between two runs of the same cases.
  std::string timing_line;
  // A section placed after the summary, already HTML (the accuracy study's
  // tables and inline SVG charts, reports/accuracy_report.h).
  std::string extra_section_html;
};

// report.html: one self-contained file (inline CSS and JS, nothing fetched):
// run header and gate; summary tables per suite, family, engine pair, field
// and decoded field, sortable by clicking a column header; the records table
// with a text filter and a verdict selector (also set from the URL hash,
// e.g. #verdict=differs); and for each differing record its field diffs with
// both values, a hex view of byte images with differing bytes marked and
// decoded fields named, and the repro command. Every piece of run data is
// escaped. Deterministic apart from `timing_line`.
std::string RenderHtmlReport(const RunInfo& info, const RunSummary& summary, const std::vector<Record>& records,
                             const HtmlOptions& options = {});

absl::Status WriteHtmlReport(const std::string& path, const RunInfo& info, const RunSummary& summary,
                             const std::vector<Record>& records, const HtmlOptions& options = {});

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_HTML_REPORT_H_
