#include "reports/gate_report.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reports/markup_escape.h"
#include "reports/record_text.h"
#include "reports/report_file.h"

namespace dsconform {
namespace {

constexpr int kRowsPerKind = 30;  // PR comments stay short; gate.json lists more
constexpr size_t kValueChars = 120;

const GateChangeKind kKinds[] = {GateChangeKind::kHeadDiffers, GateChangeKind::kNewDifference,
                                 GateChangeKind::kGoneDifference};

const char* Heading(GateChangeKind kind) {
  switch (kind) {
    case GateChangeKind::kHeadDiffers:
      return "Head differs from base";
    case GateChangeKind::kNewDifference:
      return "New differences from another implementation";
    case GateChangeKind::kGoneDifference:
      return "Differences from another implementation that are gone";
  }
  return "?";
}

std::string ValueText(const std::optional<Value>& v) { return v ? v->Summary() : "(absent)"; }

// The first decoded fields of a differing image, "hipAccum: 1.5 vs 2.0; ...".
std::string DecodedText(const GateChange& c) {
  std::vector<std::string> parts;
  for (const DecodedDiff& d : c.decoded) {
    if (parts.size() == 3) {
      parts.push_back(absl::StrCat("and ", c.decoded.size() - 3, " more"));
      break;
    }
    parts.push_back(DecodedDiffText(d));
  }
  return absl::StrJoin(parts, "; ");
}

std::string ByFamily(const GateTally& tally) {
  std::vector<std::string> parts;
  for (const auto& [family, n] : tally.by_family) parts.push_back(absl::StrCat(family, " ", n));
  return absl::StrJoin(parts, ", ");
}

// The engines a change is seen between, as a record names them, so that repro reruns it.
Record AsRecord(const GateChange& c, const GateSides& sides) {
  Record r;
  r.case_id = c.case_id;
  r.writer = c.writer;
  switch (c.kind) {
    case GateChangeKind::kHeadDiffers:
      r.reference = sides.base;
      r.candidate = sides.head;
      break;
    case GateChangeKind::kNewDifference:
      r.reference = c.other;
      r.candidate = sides.head;
      break;
    case GateChangeKind::kGoneDifference:
      r.reference = c.other;
      r.candidate = sides.base;
      break;
  }
  return r;
}

int64_t Count(const GateResult& result, GateChangeKind kind) {
  auto it = result.tallies.find(kind);
  return it == result.tallies.end() ? 0 : it->second.changes;
}

}  // namespace

std::string RenderGateMarkdown(const RunInfo& info, const GateSides& sides, const GateResult& result) {
  std::string out;
  const bool incomplete = info.status != "complete";
  if (!result.HeadChanges())
    absl::StrAppend(&out, "## dsconform gate: ",
                    incomplete ? "head changes nothing in the cases run, but the run is incomplete"
                               : "head changes nothing",
                    "\n\n");
  else {
    const int64_t n = Count(result, GateChangeKind::kHeadDiffers);
    absl::StrAppend(&out, "## dsconform gate: head changes ", n, n == 1 ? " image or answer" : " images or answers",
                    " of base's\n\n");
  }
  std::vector<std::string> others;
  for (const std::string& e : info.engines)
    if (e != sides.base && e != sides.head) others.push_back(e);
  absl::StrAppend(&out, "**Base** ", MarkdownCode(sides.base, 200, false), " · **Head** ",
                  MarkdownCode(sides.head, 200, false), " · **Compared with** ",
                  others.empty() ? "nothing else" : MarkdownCode(absl::StrJoin(others, ", "), 400, false),
                  " · **Suites** ", MarkdownCode(absl::StrJoin(info.suites, ","), 400, false), " · **Status** ",
                  info.status, ", ", result.cases, " cases, ", result.records, " records\n\n");
  if (!info.command_line.empty()) absl::StrAppend(&out, "Run: ", MarkdownCode(info.command_line, 1000, false), "\n\n");

  absl::StrAppend(&out, "| what head changes | fields | by family |\n|---|--:|---|\n");
  for (GateChangeKind kind : kKinds) {
    auto it = result.tallies.find(kind);
    absl::StrAppend(&out, "| ", Heading(kind), " | ", Count(result, kind), " | ",
                    it == result.tallies.end() ? "" : ByFamily(it->second), " |\n");
  }
  absl::StrAppend(&out, "| Differences from another implementation that head keeps as base had them | ",
                  result.unchanged_differences, " | |\n");

  for (GateChangeKind kind : kKinds) {
    auto it = result.tallies.find(kind);
    if (it == result.tallies.end() || it->second.changes == 0) continue;
    const bool other = kind != GateChangeKind::kHeadDiffers;
    // One row per field and stage, the most frequent first, with its first case.
    std::vector<const GateFieldTally*> rows;
    for (const auto& [key, field] : it->second.by_field) rows.push_back(&field);
    std::stable_sort(rows.begin(), rows.end(),
                     [](const GateFieldTally* a, const GateFieldTally* b) { return a->changes > b->changes; });
    absl::StrAppend(&out, "\n### ", Heading(kind), "\n\n| field | stage | ", other ? "with | " : "",
                    "cases | first case | base | head | ", other ? "other |" : "decoded |", "\n|---|---|",
                    other ? "---|" : "", "--:|---|---|---|---|\n");
    int shown = 0;
    for (const GateFieldTally* row : rows) {
      if (shown++ == kRowsPerKind) break;
      const GateChange& c = row->first;
      absl::StrAppend(&out, "| ", MarkdownCode(c.field, 120, true), " | ", c.stage.empty() ? "own" : c.stage, " | ");
      if (other) absl::StrAppend(&out, MarkdownCode(c.other, 80, true), " | ");
      absl::StrAppend(&out, row->changes, " | ", MarkdownCode(c.case_id, 200, true), " | ");
      if (!c.note.empty()) {
        absl::StrAppend(&out, MarkdownCode(c.note, kValueChars * 2, true), " | | |\n");
        continue;
      }
      absl::StrAppend(&out, MarkdownCode(ValueText(c.base), kValueChars, true), " | ",
                      MarkdownCode(ValueText(c.head), kValueChars, true), " | ",
                      MarkdownCode(other ? ValueText(c.other_value) : DecodedText(c), kValueChars * 2, true), " |\n");
    }
    if (rows.size() > static_cast<size_t>(kRowsPerKind))
      absl::StrAppend(&out, "\n", rows.size() - kRowsPerKind, " more fields in gate.json.\n");
    absl::StrAppend(&out, "\nRerun the first: ",
                    MarkdownCode(ReproCommand(AsRecord(rows.front()->first, sides), info), 2000, false), "\n");
  }
  return out;
}

nlohmann::ordered_json GateToJson(const RunInfo& info, const GateSides& sides, const GateResult& result) {
  nlohmann::ordered_json j;
  j["head_changes"] = result.HeadChanges();
  j["base"] = sides.base;
  j["head"] = sides.head;
  j["engines"] = info.engines;
  j["suites"] = info.suites;
  j["status"] = info.status;
  j["cases"] = result.cases;
  j["records"] = result.records;
  nlohmann::ordered_json tallies = nlohmann::ordered_json::object();
  for (GateChangeKind kind : kKinds) {
    nlohmann::ordered_json t;
    t["fields"] = Count(result, kind);
    auto it = result.tallies.find(kind);
    t["by_family"] = it == result.tallies.end() ? nlohmann::ordered_json::object()
                                                : nlohmann::ordered_json(it->second.by_family);
    // Every field that changed, with how often and where first.
    nlohmann::ordered_json by_field = nlohmann::ordered_json::array();
    if (it != result.tallies.end())
      for (const auto& [key, field] : it->second.by_field) {
        nlohmann::ordered_json f;
        f["field"] = field.first.field;
        if (!field.first.stage.empty()) f["stage"] = field.first.stage;
        if (!field.first.other.empty()) f["other"] = field.first.other;
        f["changes"] = field.changes;
        f["first_case"] = field.first.case_id;
        by_field.push_back(std::move(f));
      }
    t["by_field"] = std::move(by_field);
    tallies[GateChangeKindName(kind)] = t;
  }
  j["tallies"] = tallies;
  j["unchanged_differences"] = result.unchanged_differences;
  nlohmann::ordered_json listed = nlohmann::ordered_json::array();
  for (const GateChange& c : result.listed) {
    nlohmann::ordered_json one;
    one["kind"] = GateChangeKindName(c.kind);
    one["case"] = c.case_id;
    one["family"] = c.family;
    if (!c.writer.empty()) one["writer"] = c.writer;
    if (!c.other.empty()) one["other"] = c.other;
    one["field"] = c.field;
    if (!c.note.empty()) one["note"] = c.note;
    if (c.base) one["base"] = c.base->Summary();
    if (c.head) one["head"] = c.head->Summary();
    if (c.other_value) one["other_value"] = c.other_value->Summary();
    if (!c.decoded.empty()) {
      nlohmann::ordered_json decoded = nlohmann::ordered_json::array();
      for (const DecodedDiff& d : c.decoded) decoded.push_back(DecodedDiffText(d));
      one["decoded"] = std::move(decoded);
    }
    one["repro"] = ReproCommand(AsRecord(c, sides), info);
    listed.push_back(std::move(one));
  }
  j["changes"] = std::move(listed);
  return j;
}

absl::Status WriteGateReports(const std::string& dir, const RunInfo& info, const GateSides& sides,
                              const GateResult& result) {
  if (auto st = WriteReportFile(dir + "/gate.md", RenderGateMarkdown(info, sides, result)); !st.ok()) return st;
  return WriteReportFile(dir + "/gate.json", GateToJson(info, sides, result).dump(2) + "\n");
}

}  // namespace dsconform
