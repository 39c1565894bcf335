// Writes every report for the sample records into a directory, for the
// browser test and for looking at the reports by eye:
//   reports_sample_html <dir>
// Prints the counts the browser test expects, as name=value lines.
#include <iostream>
#include <string>

#include "reports/html_report.h"
#include "reports/jsonl_writer.h"
#include "reports/junit_report.h"
#include "reports/markdown_report.h"
#include "reports/report_file.h"
#include "reports/run_summary.h"
#include "reports/sample_records.h"

int main(int argc, char** argv) {
  using namespace dsconform;
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " <output dir>\n";
    return 2;
  }
  const std::string dir = argv[1];
  const std::vector<Record> records = SampleRecords();
  const RunInfo info = SampleRunInfo();
  const RunSummary summary = Summarize(records);

  auto jsonl = JsonlWriter::Open(dir, JsonlWriter::Mode::kTruncate);
  absl::Status st = jsonl.status();
  for (size_t i = 0; st.ok() && i < records.size(); ++i) st = (*jsonl)->Write(records[i]);
  if (st.ok()) st = WriteSummaryJson(dir + "/summary.json", info, summary);
  if (st.ok()) st = WriteReportFile(dir + "/summary.md", RenderMarkdownReport(info, summary, records));
  if (st.ok()) st = WriteJunitReport(dir + "/junit.xml", info, records);
  if (st.ok()) st = WriteReportFile(dir + "/report.html", RenderHtmlReport(info, summary, records));
  if (!st.ok()) {
    std::cerr << st << "\n";
    return 1;
  }

  // A large run's page, for the size and render check.
  const std::vector<Record> large = LargeSampleRecords();
  const std::string large_path = dir + "/large-report.html";
  st = WriteReportFile(large_path, RenderHtmlReport(info, Summarize(large), large));
  if (!st.ok()) {
    std::cerr << st << "\n";
    return 1;
  }
  std::cout << "large_page=" << large_path << "\n";

  // The records table lists the failing records.
  int rows = 0, cross = 0, strings = 0;
  for (const auto& r : records) {
    if (!VerdictFails(r.verdict)) continue;
    ++rows;
    cross += r.suite == "hll.cross_heapify";
    strings += r.case_id.find("日本語") != std::string::npos;
  }
  std::cout << "rows=" << rows << "\n"
            << "differs=" << summary.total.differs << "\n"
            << "cross_heapify=" << cross << "\n"
            << "nihongo=" << strings << "\n";
  return 0;
}
