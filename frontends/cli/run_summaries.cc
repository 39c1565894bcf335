#include "frontends/cli/run_summaries.h"

#include <optional>
#include <thread>
#include <utility>

#include "reports/accuracy_report.h"
#include "reports/html_report.h"
#include "reports/junit_report.h"
#include "reports/markdown_report.h"
#include "reports/report_file.h"

namespace dsconform {
namespace {

// What the accuracy study reads of a record (harness/truth/*_study.cc): the rest need not be held.
Record SamplesOnly(const Record& r) {
  Record out;
  out.suite = r.suite;
  out.candidate = r.candidate;
  out.truth_samples = r.truth_samples;
  return out;
}

}  // namespace

absl::StatusOr<RunSummaries> WriteSummaries(const std::string& dir, const RunInfo& info, const RecordSource& records,
                                            const KnownDifferences* known, const std::string& timing,
                                            const TruthKinds& truth_kinds, const std::string& records_file) {
  if (auto st = WriteReportFile(dir + "/run_info.json", RunInfoToJson(info).dump(2) + "\n"); !st.ok()) return st;
  HtmlOptions html;
  html.timing_line = timing;
  html.records_file = records_file;
  const MarkdownOptions markdown;
  SummaryBuilder summary;
  HtmlFailingRecords failing(html);
  MarkdownRecords listed(markdown);
  std::optional<StaleRuleTally> stale;
  if (known != nullptr) stale.emplace(*known);
  RunSummaries out{RunSummary(), AccuracyStudy(), ConsoleSummary(info)};
  std::vector<Record> sampled;
  JunitWriter junit(dir + "/junit.xml", info);
  if (auto st = records([&](const Record& r) {
        summary.Add(r);
        if (stale) stale->Add(r);
        failing.Add(r);
        listed.Add(r);
        out.console.Add(r);
        if (!r.truth_samples.empty()) sampled.push_back(SamplesOnly(r));
        return junit.Add(r);
      });
      !st.ok())
    return st;
  out.summary = summary.Take();
  if (stale) out.summary.stale_rules = stale->Stale();
  if (auto st = WriteSummaryJson(dir + "/summary.json", info, out.summary); !st.ok()) return st;
  // Cases with truth give the accuracy study its own two files and a section of the HTML report.
  out.study = StudyAccuracy(sampled, truth_kinds);
  sampled.clear();
  if (out.study.trials() > 0) {
    if (auto st = WriteReportFile(dir + "/accuracy.json", AccuracyStudyToJson(out.study).dump(2) + "\n"); !st.ok())
      return st;
    if (auto st = WriteReportFile(dir + "/accuracy.md", AccuracyStudyMarkdown(out.study)); !st.ok()) return st;
    html.extra_section_html = AccuracyStudyHtml(out.study);
  }
  // The HTML report is the largest; it is written beside the others, on a core of its own.
  absl::Status html_status;
  std::thread html_writer(
      [&] { html_status = WriteHtmlReport(dir + "/report.html", info, out.summary, failing, html); });
  absl::Status st = WriteMarkdownReport(dir + "/summary.md", info, out.summary, listed, markdown);
  if (st.ok()) st = junit.Close();
  html_writer.join();
  st.Update(html_status);
  if (!st.ok()) return st;
  return out;
}

}  // namespace dsconform
