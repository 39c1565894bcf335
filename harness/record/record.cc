#include "harness/record/record.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/case/json_text.h"
#include "harness/truth/truth_kind.h"

namespace dsconform {
namespace {
struct VerdictNameEntry {
  Verdict verdict;
  const char* name;
};
constexpr VerdictNameEntry kVerdictNames[] = {
    {Verdict::kEqual, "equal"},
    {Verdict::kDiffers, "differs"},
    {Verdict::kKnown, "known"},
    {Verdict::kUnexpectedlyEqual, "unexpectedly_equal"},
    {Verdict::kUnsupported, "unsupported"},
    {Verdict::kError, "error"},
};
}  // namespace

const char* VerdictName(Verdict v) {
  for (const auto& e : kVerdictNames)
    if (e.verdict == v) return e.name;
  return "?";
}

bool VerdictFromName(const std::string& name, Verdict* out) {
  for (const auto& e : kVerdictNames) {
    if (name == e.name) {
      *out = e.verdict;
      return true;
    }
  }
  return false;
}

bool VerdictFails(Verdict v) {
  return v == Verdict::kDiffers || v == Verdict::kUnexpectedlyEqual || v == Verdict::kError;
}

namespace {

void WriteFieldDiff(const FieldDiff& d, JsonText& out) {
  out.BeginObject().Key("field").String(d.field);
  if (d.known) out.Key("known").Bool(true);
  if (d.missing_in_reference) {
    out.Key("missing_in_reference").Bool(true);
  } else {
    out.Key("reference");
    WriteValueJson(d.reference, out);
  }
  if (d.missing_in_candidate) {
    out.Key("missing_in_candidate").Bool(true);
  } else {
    out.Key("candidate");
    WriteValueJson(d.candidate, out);
  }
  if (!d.ranges.empty()) {
    out.Key("ranges").BeginArray();
    for (const auto& br : d.ranges) out.BeginArray().Uint(br.begin).Uint(br.end).EndArray();
    out.EndArray();
    if (d.ranges_total > d.ranges.size()) out.Key("ranges_total").Uint(d.ranges_total);
  }
  if (!d.decoded.empty()) {
    out.Key("decoded").BeginArray();
    for (const auto& x : d.decoded)
      out.BeginObject()
          .Key("field").String(x.field)
          .Key("offset").Uint(x.offset)
          .Key("size").Uint(x.size)
          .Key("reference").String(x.reference)
          .Key("candidate").String(x.candidate)
          .EndObject();
    out.EndArray();
  }
  out.EndObject();
}

}  // namespace

void AppendRecordLine(const Record& r, std::string* line) {
  JsonText out(line);
  out.BeginObject();
  out.Key("index").Int(r.index);
  out.Key("case").String(r.case_id);
  out.Key("suite").String(r.suite);
  out.Key("family").String(r.family);
  out.Key("reference").String(r.reference);
  out.Key("candidate").String(r.candidate);
  if (!r.writer.empty()) out.Key("writer").String(r.writer);
  out.Key("verdict").String(VerdictName(r.verdict));
  out.Key("fields_compared").Int(r.fields_compared);
  if (!r.note.empty()) out.Key("note").String(r.note);
  if (!r.expectation_reason.empty()) {
    out.Key("expectation").BeginObject();
    out.Key("reason").String(r.expectation_reason);
    out.Key("link").String(r.expectation_link);
    if (!r.expectation_findings.empty()) {
      out.Key("findings").BeginArray();
      for (const std::string& f : r.expectation_findings) out.String(f);
      out.EndArray();
    }
    out.EndObject();
  }
  out.Key("diffs").BeginArray();
  for (const FieldDiff& d : r.diffs) WriteFieldDiff(d, out);
  out.EndArray();
  for (const auto& [member, samples] : r.truth_samples)
    if (samples != nullptr && samples->size() > 0) out.Key(member).Json(samples->ToJson());
  out.EndObject();
}

nlohmann::ordered_json RecordToJson(const Record& r) {
  std::string line;
  AppendRecordLine(r, &line);
  return nlohmann::ordered_json::parse(line);
}

nlohmann::ordered_json RunInfoToJson(const RunInfo& info) {
  nlohmann::ordered_json j = {{"command_line", info.command_line}, {"reference", info.reference},
                              {"engines", info.engines},           {"suites", info.suites},
                              {"known_differences", info.known_differences}, {"status", info.status},
                              {"total_cases", info.total_cases}};
  if (!info.engine_specs.empty()) j["engine_specs"] = info.engine_specs;
  if (!info.case_source.empty()) j["case_source"] = info.case_source;
  if (info.shard_count > 1)
    j["shard"] = {{"index", info.shard_index}, {"count", info.shard_count}, {"all_cases", info.all_cases}};
  if (info.memory_budget_bytes > 0 || info.peak_rss_bytes > 0)
    j["memory"] = {{"budget_bytes", info.memory_budget_bytes}, {"peak_rss_bytes", info.peak_rss_bytes}};
  return j;
}

bool RunInfoFromJson(const nlohmann::json& j, RunInfo* out, std::string* error) {
  try {
    out->command_line = j.at("command_line").get<std::string>();
    out->reference = j.at("reference").get<std::string>();
    out->engines = j.at("engines").get<std::vector<std::string>>();
    out->suites = j.at("suites").get<std::vector<std::string>>();
    // "expectations_file": runs made before the rules (their per-case file).
    out->known_differences = j.contains("known_differences") ? j.at("known_differences").get<std::string>()
                                                             : j.at("expectations_file").get<std::string>();
    out->status = j.at("status").get<std::string>();
    out->total_cases = j.at("total_cases").get<int64_t>();
    out->engine_specs = j.value("engine_specs", std::map<std::string, std::string>());
    out->case_source = j.value("case_source", std::string());
    if (j.contains("shard")) {
      const auto& shard = j.at("shard");
      out->shard_index = shard.at("index").get<int64_t>();
      out->shard_count = shard.at("count").get<int64_t>();
      out->all_cases = shard.at("all_cases").get<int64_t>();
    }
    if (j.contains("memory")) {
      out->memory_budget_bytes = j.at("memory").value("budget_bytes", int64_t{0});
      out->peak_rss_bytes = j.at("memory").value("peak_rss_bytes", int64_t{0});
    }
  } catch (const std::exception& e) {
    *error = e.what();
    return false;
  }
  return true;
}

bool RecordFromJson(const nlohmann::json& j, Record* out, std::string* error, const std::vector<const TruthKind*>& truth_kinds) {
  try {
    Record r;
    r.index = j.at("index").get<int64_t>();
    r.case_id = j.at("case").get<std::string>();
    r.suite = j.value("suite", "");
    r.family = j.value("family", "");
    r.reference = j.at("reference").get<std::string>();
    r.candidate = j.at("candidate").get<std::string>();
    r.writer = j.value("writer", "");
    if (!VerdictFromName(j.at("verdict").get<std::string>(), &r.verdict)) {
      *error = "unknown verdict";
      return false;
    }
    r.fields_compared = j.value("fields_compared", 0);
    r.note = j.value("note", "");
    if (auto e = j.find("expectation"); e != j.end()) {
      r.expectation_reason = e->value("reason", "");
      r.expectation_link = e->value("link", "");
      r.expectation_findings = e->value("findings", std::vector<std::string>());
    }
    for (const auto& jd : j.at("diffs")) {
      FieldDiff d;
      d.field = jd.at("field").get<std::string>();
      d.known = jd.value("known", false);
      d.missing_in_reference = jd.value("missing_in_reference", false);
      d.missing_in_candidate = jd.value("missing_in_candidate", false);
      if (!d.missing_in_reference && !ValueFromJson(jd.at("reference"), &d.reference, error)) return false;
      if (!d.missing_in_candidate && !ValueFromJson(jd.at("candidate"), &d.candidate, error)) return false;
      if (auto rg = jd.find("ranges"); rg != jd.end())
        for (const auto& br : *rg) d.ranges.push_back({br.at(0).get<uint32_t>(), br.at(1).get<uint32_t>()});
      d.ranges_total = jd.value("ranges_total", uint64_t{0});
      if (auto dec = jd.find("decoded"); dec != jd.end())
        for (const auto& x : *dec)
          d.decoded.push_back({x.at("field").get<std::string>(), x.at("reference").get<std::string>(),
                               x.at("candidate").get<std::string>(), x.value("offset", 0u), x.value("size", 0u)});
      r.diffs.push_back(std::move(d));
    }
    for (const TruthKind* kind : truth_kinds) {
      auto member = j.find(kind->record_member());
      if (member == j.end()) continue;
      auto samples = kind->SamplesFromJson(*member);
      if (!samples.ok()) {
        *error = absl::StrCat(kind->record_member(), ": ", samples.status().message());
        return false;
      }
      r.truth_samples[kind->record_member()] = std::move(*samples);
    }
    *out = std::move(r);
  } catch (const std::exception& e) {
    *error = e.what();
    return false;
  }
  return true;
}

}  // namespace dsconform
