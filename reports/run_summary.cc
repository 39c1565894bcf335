#include "reports/run_summary.h"

#include <algorithm>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/record/indices_grouped.h"
#include "reports/record_text.h"
#include "reports/report_file.h"

namespace dsconform {
namespace {

constexpr Verdict kAllVerdicts[] = {Verdict::kEqual,   Verdict::kDiffers,          Verdict::kKnown,
                                    Verdict::kUnexpectedlyEqual, Verdict::kUnsupported, Verdict::kError};

void AddExample(std::vector<std::string>* examples, const std::string& case_id) {
  if (examples->size() >= static_cast<size_t>(RunSummary::kMaxExamples)) return;
  if (std::find(examples->begin(), examples->end(), case_id) != examples->end()) return;
  examples->push_back(case_id);
}

void Tally(DifferenceTally* t, bool known, const std::string& case_id) {
  ++t->count;
  if (known) {
    ++t->known;
    AddExample(&t->known_examples, case_id);
  } else {
    AddExample(&t->examples, case_id);
  }
}

nlohmann::ordered_json CountsToJson(const VerdictCounts& c) {
  nlohmann::ordered_json j;
  j["records"] = c.records;
  for (Verdict v : kAllVerdicts) j[VerdictName(v)] = c.Of(v);
  j["failing"] = c.failing();
  return j;
}

nlohmann::ordered_json TallyToJson(const DifferenceTally& t) {
  return {{"count", t.count}, {"known", t.known}, {"examples", t.examples}, {"known_examples", t.known_examples}};
}

template <typename Map, typename Fn>
nlohmann::ordered_json MapToJson(const Map& m, Fn fn) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  // Appended, not looked up: the map's keys are distinct, and ordered_json's [] compares a key with
  // every member before it (summary.json's by_field of a full Frequent items run has thousands).
  auto& members = j.get_ref<nlohmann::ordered_json::object_t&>();
  members.reserve(m.size());
  for (const auto& [k, v] : m) members.emplace_back(k, fn(v));
  return j;
}

}  // namespace

void VerdictCounts::Add(Verdict v) {
  ++records;
  switch (v) {
    case Verdict::kEqual: ++equal; break;
    case Verdict::kDiffers: ++differs; break;
    case Verdict::kKnown: ++known; break;
    case Verdict::kUnexpectedlyEqual: ++unexpectedly_equal; break;
    case Verdict::kUnsupported: ++unsupported; break;
    case Verdict::kError: ++error; break;
  }
}

int64_t VerdictCounts::Of(Verdict v) const {
  switch (v) {
    case Verdict::kEqual: return equal;
    case Verdict::kDiffers: return differs;
    case Verdict::kKnown: return known;
    case Verdict::kUnexpectedlyEqual: return unexpectedly_equal;
    case Verdict::kUnsupported: return unsupported;
    case Verdict::kError: return error;
  }
  return 0;
}

std::vector<const Record*> InReportOrder(const std::vector<Record>& records) {
  std::vector<const Record*> out;
  out.reserve(records.size());
  for (const auto& r : records) out.push_back(&r);
  std::stable_sort(out.begin(), out.end(), [](const Record* a, const Record* b) {
    return std::tie(a->index, a->candidate, a->writer, a->case_id) <
           std::tie(b->index, b->candidate, b->writer, b->case_id);
  });
  return out;
}

std::string FieldKind(const std::string& field) {
  const size_t dot = field.find('.');
  return IndicesGrouped(dot == std::string::npos || dot + 1 == field.size() ? field : field.substr(dot + 1));
}

void SummaryBuilder::Add(const Record& r) {
  s_.total.Add(r.verdict);
  s_.by_suite[r.suite].Add(r.verdict);
  s_.by_family[r.family].Add(r.verdict);
  s_.by_engine_pair[EnginePair(r)].Add(r.verdict);
  if (r.verdict != Verdict::kEqual) AddExample(&s_.examples_by_verdict[r.verdict], r.case_id);
  for (const FieldDiff& d : r.diffs) {
    const bool known = d.known || r.verdict == Verdict::kKnown;
    FieldTallies& t = tallies_of_field_[d.field];
    if (t.full == nullptr) t = {&s_.by_full_field[IndicesGrouped(d.field)], &s_.by_field[FieldKind(d.field)]};
    Tally(t.kind, known, r.case_id);
    Tally(t.full, known, r.case_id);
    for (const DecodedDiff& x : d.decoded) Tally(&s_.by_decoded_field[IndicesGrouped(x.field)], known, r.case_id);
  }
  for (const std::string& finding : r.expectation_findings) {
    FindingTally& f = s_.by_finding[finding];
    ++f.records;
    f.known += r.verdict == Verdict::kKnown;
    ++f.by_engine_pair[EnginePair(r)];
    AddExample(&f.examples, r.case_id);
  }
}

RunSummary Summarize(const std::vector<Record>& records) {
  SummaryBuilder b;
  for (const Record* r : InReportOrder(records)) b.Add(*r);
  return b.Take();
}

Gate EvaluateGate(const RunInfo& info, const RunSummary& summary) {
  Gate g;
  std::vector<std::string> reasons;
  if (info.status != "complete")
    reasons.push_back(absl::StrCat("run ", info.status, " (", summary.total.records, " records written for ",
                                   info.total_cases, " cases)"));
  for (Verdict v : {Verdict::kDiffers, Verdict::kUnexpectedlyEqual, Verdict::kError}) {
    if (summary.total.Of(v) == 0) continue;
    std::string name = VerdictName(v);
    std::replace(name.begin(), name.end(), '_', ' ');
    reasons.push_back(absl::StrCat(summary.total.Of(v), " ", name));
  }
  g.passed = reasons.empty();
  g.text = g.passed ? "PASS" : absl::StrCat("FAIL: ", absl::StrJoin(reasons, ", "));
  return g;
}

nlohmann::ordered_json SummaryToJson(const RunInfo& info, const RunSummary& s) {
  const Gate gate = EvaluateGate(info, s);
  nlohmann::ordered_json j;
  j["status"] = info.status;
  j["gate"] = {{"passed", gate.passed}, {"text", gate.text}};
  j["command_line"] = info.command_line;
  j["reference"] = info.reference;
  j["engines"] = info.engines;
  j["suites"] = info.suites;
  j["known_differences"] = info.known_differences;
  j["total_cases"] = info.total_cases;
  j["records_written"] = s.total.records;
  j["counts"] = CountsToJson(s.total);
  j["by_suite"] = MapToJson(s.by_suite, CountsToJson);
  j["by_family"] = MapToJson(s.by_family, CountsToJson);
  j["by_engine_pair"] = MapToJson(s.by_engine_pair, CountsToJson);
  j["by_field"] = MapToJson(s.by_field, TallyToJson);
  j["by_full_field"] = MapToJson(s.by_full_field, TallyToJson);
  j["by_decoded_field"] = MapToJson(s.by_decoded_field, TallyToJson);
  j["by_finding"] = MapToJson(s.by_finding, [](const FindingTally& f) {
    return nlohmann::ordered_json{{"records", f.records}, {"known", f.known}, {"by_engine_pair", f.by_engine_pair},
                                  {"examples", f.examples}};
  });
  nlohmann::ordered_json ex = nlohmann::ordered_json::object();
  for (const auto& [v, ids] : s.examples_by_verdict) ex[VerdictName(v)] = ids;
  j["examples_by_verdict"] = ex;
  nlohmann::ordered_json stale = nlohmann::ordered_json::array();
  for (const StaleRule& r : s.stale_rules)
    stale.push_back({{"finding", r.finding}, {"part", r.part}, {"where", r.where}, {"doc", r.doc},
                     {"reason", r.reason}, {"records", r.records}});
  j["stale_rules"] = stale;
  return j;
}

absl::Status WriteSummaryJson(const std::string& path, const RunInfo& info, const RunSummary& summary) {
  // Case ids that are not UTF-8 get U+FFFD rather than failing the report.
  std::string text = SummaryToJson(info, summary).dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  text.push_back('\n');
  return WriteReportFile(path, text);
}

}  // namespace dsconform
