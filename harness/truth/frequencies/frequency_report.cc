#include "harness/truth/frequencies/frequency_report.h"

#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace dsconform {
namespace {

constexpr char kWhatIsCompared[] =
    " query answers compared with the exact weight of every item fed. The guarantees are not statistical: every "
    "true weight lies within [lower bound, upper bound], the no-false-positives list holds only items above the "
    "threshold, the no-false-negatives list every item above it, and the maximum error is at most the library's "
    "a-priori epsilon times the stream weight (the error budget, at most 1). Estimate error: the largest |estimate - "
    "true weight| over the keys asked, divided by the stream weight.";

nlohmann::ordered_json Num(double v) {
  if (!std::isfinite(v)) return nullptr;
  return v;
}

std::string Text(double v) { return std::isfinite(v) ? absl::StrFormat("%.4g", v) : "-"; }

// The columns of one point, for both tables.
std::vector<std::string> Cells(const FrequencyStudyPoint& p) {
  return {absl::StrCat(p.weight),     absl::StrCat(p.trials),         Text(p.epsilon),
          Text(p.error_budget),       Text(p.estimate_error),         absl::StrCat(p.keys),
          absl::StrCat(p.bound_misses), absl::StrCat(p.false_positives), absl::StrCat(p.false_negatives)};
}

const std::vector<std::string>& Headings() {
  static const std::vector<std::string> h = {"weight",         "trials",     "epsilon",
                                             "error budget",   "estimate error", "bounds judged",
                                             "outside bounds", "false positives", "false negatives"};
  return h;
}

}  // namespace

nlohmann::ordered_json FrequencyStudyJsonDetails(const FrequencyStudy& study) {
  if (study.series.empty()) return nlohmann::ordered_json::object();
  nlohmann::ordered_json series = nlohmann::ordered_json::array();
  for (const auto& s : study.series) {
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const auto& p : s.points)
      points.push_back({{"weight", p.weight}, {"trials", p.trials}, {"epsilon", Num(p.epsilon)},
                        {"error_budget", Num(p.error_budget)}, {"estimate_error", Num(p.estimate_error)},
                        {"keys", p.keys}, {"bound_misses", p.bound_misses}, {"false_positives", p.false_positives},
                        {"false_negatives", p.false_negatives}});
    series.push_back({{"suite", s.suite}, {"series", s.series}, {"engine", s.engine}, {"points", points}});
  }
  return {{"frequency", {{"trials", study.trials}, {"series", series}}}};
}

std::string FrequencyStudyMarkdownDetails(const FrequencyStudy& study) {
  if (study.series.empty()) return "";
  std::string out = absl::StrCat("\n# Frequency accuracy\n\n", study.trials, kWhatIsCompared, "\n");
  for (const auto& s : study.series) {
    const std::vector<std::string> rule(Headings().size(), "---");
    absl::StrAppend(&out, "\n## ", s.suite, " ", s.series, " on ", s.engine, "\n\n| ",
                    absl::StrJoin(Headings(), " | "), " |\n|", absl::StrJoin(rule, "|"), "|\n");
    for (const auto& p : s.points) absl::StrAppend(&out, "| ", absl::StrJoin(Cells(p), " | "), " |\n");
  }
  return out;
}

std::string FrequencyStudyHtmlDetails(const FrequencyStudy& study) {
  if (study.series.empty()) return "";
  std::string out = absl::StrCat("<h3>Frequency accuracy</h3>\n<p>", study.trials, kWhatIsCompared, "</p>\n");
  for (const auto& s : study.series) {
    absl::StrAppend(&out, "<h4>", s.suite, " ", s.series, " on ", s.engine, "</h4>\n<table><tr><th>",
                    absl::StrJoin(Headings(), "</th><th>"), "</th></tr>\n");
    for (const auto& p : s.points)
      absl::StrAppend(&out, "<tr><td>", absl::StrJoin(Cells(p), "</td><td>"), "</td></tr>\n");
    absl::StrAppend(&out, "</table>\n");
  }
  return out;
}

}  // namespace dsconform
