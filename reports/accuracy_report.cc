#include "reports/accuracy_report.h"

#include "absl/strings/str_cat.h"
#include "harness/truth/svg_line_chart.h"

namespace dsconform {
namespace {

void AddMembers(const nlohmann::ordered_json& from, nlohmann::ordered_json& to) {
  for (auto it = from.begin(); it != from.end(); ++it) to[it.key()] = it.value();
}

std::string FindingLine(const StudyFinding& f) {
  return absl::StrCat(f.suite, " ", f.series, " ", f.engine, " n=", f.truth, ": ", f.text);
}

}  // namespace

nlohmann::ordered_json AccuracyStudyToJson(const AccuracyStudy& study) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& part : study.parts) AddMembers(part->JsonSummary(), j);
  nlohmann::ordered_json findings = nlohmann::ordered_json::array();
  for (const auto& f : study.findings)
    findings.push_back({{"suite", f.suite}, {"series", f.series}, {"engine", f.engine}, {"truth", f.truth},
                        {"finding", f.text}});
  j["findings"] = findings;
  for (const auto& part : study.parts) AddMembers(part->JsonDetails(), j);
  return j;
}

std::string AccuracyStudyMarkdown(const AccuracyStudy& study) {
  std::string out = "# Accuracy study\n\n";
  for (const auto& part : study.parts) absl::StrAppend(&out, part->MarkdownSummary());
  absl::StrAppend(&out, "## Findings\n\n");
  if (study.findings.empty()) absl::StrAppend(&out, "None: every coverage and RMS error is within what the library states.\n");
  for (const auto& f : study.findings) absl::StrAppend(&out, "- ", FindingLine(f), "\n");
  for (const auto& part : study.parts) absl::StrAppend(&out, part->MarkdownDetails());
  return out;
}

std::string AccuracyStudyHtml(const AccuracyStudy& study, size_t max_bytes) {
  if (study.trials() == 0) return "";
  constexpr size_t kMaxFindingLines = 100;
  std::string out = "<section id=\"accuracy\"><h2>Accuracy</h2>\n";
  for (const auto& part : study.parts) absl::StrAppend(&out, part->HtmlSummary());
  if (study.findings.empty()) {
    out += "<p>No accuracy findings.</p>\n";
  } else {
    out += "<ul>\n";
    for (size_t i = 0; i < study.findings.size() && i < kMaxFindingLines; ++i)
      absl::StrAppend(&out, "<li>", EscapeHtml(FindingLine(study.findings[i])), "</li>\n");
    out += "</ul>\n";
    if (study.findings.size() > kMaxFindingLines)
      absl::StrAppend(&out, "<p class=\"left-out\">", study.findings.size() - kMaxFindingLines,
                      " more accuracy findings are in <a href=\"accuracy.md\">accuracy.md</a>.</p>\n");
  }
  size_t parts_left_out = 0;
  for (const auto& part : study.parts) {
    std::string details = part->HtmlDetails();
    if (out.size() + details.size() > max_bytes) {
      ++parts_left_out;
      continue;
    }
    out += details;
  }
  if (parts_left_out > 0)
    absl::StrAppend(&out, "<p class=\"left-out\">The details of ", parts_left_out, " parts of the study are left ",
                    "out to keep this file small; <a href=\"accuracy.md\">accuracy.md</a> has them.</p>\n");
  out += "</section>\n";
  return out;
}

}  // namespace dsconform
