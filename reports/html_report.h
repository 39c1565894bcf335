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

// report.html lists the failing records only (differs, error, unexpectedly
// equal); known records are summarized by finding and the rest are counted.
// Every limit below says in the page what it left out, and records.jsonl
// beside it has everything: the page stays small enough to open.
struct HtmlOptions {
  int max_detailed_records = 100;  // failing records given a details section
  int max_table_rows = 1000;       // rows of the records table
  int max_tally_rows = 100;        // rows of each per-field table (the most frequent kinds)
  int max_diffs_per_detail = 40;   // field rows of one record's details
  int max_images_per_detail = 4;   // hex views of one record's details
  // Details stop once the page has this many bytes (the last one may pass it).
  size_t max_bytes = 2'000'000;
  size_t max_value_chars = 2000;  // a longer string value or message is cut
  std::string records_file = "records.jsonl";  // beside the page: every record (or records.jsonl.zst)
  HexViewOptions hex;
  // E.g. "took 41.2 s"; shown under the header. The only text that may
  // differ between two runs of the same cases.
  std::string timing_line;
  // A section placed after the summary, already HTML (the accuracy study's
  // tables and inline SVG charts, reports/accuracy_report.h).
  std::string extra_section_html;
};

// The failing records report.html lists, kept as the run's records come one at a time in report
// order: the first max(max_table_rows, max_detailed_records) whole, the others counted, so that
// a run of any size is reported in bounded memory.
class HtmlFailingRecords {
 public:
  explicit HtmlFailingRecords(const HtmlOptions& options = {});
  void Add(const Record& r);

  struct Kept {
    size_t position = 0;  // among every record added: the page's anchors name it
    Record record;
  };
  const std::vector<Kept>& kept() const { return kept_; }
  size_t failing() const { return failing_; }  // failing records added, kept or not

 private:
  size_t cap_;
  std::vector<Kept> kept_;
  size_t added_ = 0, failing_ = 0;
};

// report.html: one self-contained file (inline CSS and JS, nothing fetched):
// run header and gate; summary tables per suite, family, engine pair, finding
// (the known records), field and decoded field, sortable by clicking a column
// header; links to the files beside it; the failing records' table with a text
// filter and a verdict selector (also set from the URL hash, e.g.
// #verdict=differs); and for each failing record its field diffs with both
// values, a hex view of byte images with differing bytes marked and decoded
// fields named, and the repro command. Every piece of run data is escaped.
// Deterministic apart from `timing_line`.
// `failing` kept with the same options' caps.
std::string RenderHtmlReport(const RunInfo& info, const RunSummary& summary, const HtmlFailingRecords& failing,
                             const HtmlOptions& options = {});
std::string RenderHtmlReport(const RunInfo& info, const RunSummary& summary, const std::vector<Record>& records,
                             const HtmlOptions& options = {});

absl::Status WriteHtmlReport(const std::string& path, const RunInfo& info, const RunSummary& summary,
                             const HtmlFailingRecords& failing, const HtmlOptions& options = {});

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_HTML_REPORT_H_
