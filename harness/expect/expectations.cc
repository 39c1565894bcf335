#include "harness/expect/expectations.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>
#include <string_view>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "harness/case/json_access.h"
#include "harness/case/json_lines.h"
#include "nlohmann/json.hpp"

namespace dsconform {

bool GlobMatch(const std::string& pattern, const std::string& text) {
  size_t p = 0, t = 0, star = std::string::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (star != std::string::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

namespace {

// "hll/sketch/" of "hll/sketch/lgk=4/n=1"; empty when `id` has fewer than two segments.
std::string_view CasePrefix(std::string_view id) {
  const size_t first = id.find('/');
  if (first == std::string_view::npos) return {};
  const size_t second = id.find('/', first + 1);
  return second == std::string_view::npos ? std::string_view() : id.substr(0, second + 1);
}

void IndexByCasePrefix(ExpectationSet& set) {
  for (size_t i = 0; i < set.entries.size(); ++i) {
    const std::string_view prefix = CasePrefix(set.entries[i].case_pattern);
    if (prefix.empty() || prefix.find_first_of("*?") != std::string_view::npos) {
      set.any_case.push_back(i);
    } else {
      set.by_case_prefix[std::string(prefix)].push_back(i);
    }
  }
  set.indexed = true;
}

// The entries that can apply to `case_id`, in file order.
std::vector<size_t> CandidatesFor(const ExpectationSet& set, const std::string& case_id) {
  std::vector<size_t> out;
  if (!set.indexed) {
    for (size_t i = 0; i < set.entries.size(); ++i) out.push_back(i);
    return out;
  }
  const auto it = set.by_case_prefix.find(CasePrefix(case_id));
  if (it == set.by_case_prefix.end()) return set.any_case;
  std::merge(it->second.begin(), it->second.end(), set.any_case.begin(), set.any_case.end(), std::back_inserter(out));
  return out;
}

}  // namespace

absl::StatusOr<ExpectationSet> LoadExpectations(const std::string& path) {
  ExpectationSet set;
  set.path = path;
  auto st = ForEachJsonLine(path, "expectations file", [&](int number, const nlohmann::json& j) -> absl::Status {
    // The accessors name the member as a JSON path ("/reason: ..."); a line needs no leading slash.
    auto fail = [](const absl::Status& st) {
      const std::string m(st.message());
      return absl::InvalidArgumentError(m.empty() || m[0] != '/' ? m : m.substr(1));
    };
    if (!j.is_object()) return absl::InvalidArgumentError("expected one JSON object per line");
    if (auto st = RejectUnknownKeys(j, {"case", "reference", "candidate", "writer", "field", "decoded", "max_ulps",
                                        "every_record", "reason", "link"}, "");
        !st.ok())
      return fail(st);
    Expectation e;
    e.line = number;
    auto get = [&](const char* key, std::string* out, bool required) -> absl::Status {
      auto v = OptionalString(j, key, "");
      if (!v.ok()) return fail(v.status());
      if (v->has_value()) *out = **v;
      else if (required) return absl::InvalidArgumentError(absl::StrCat(key, ": missing"));
      return absl::OkStatus();
    };
    for (auto st : {get("case", &e.case_pattern, true), get("reference", &e.reference_pattern, false),
                    get("candidate", &e.candidate_pattern, false), get("field", &e.field_pattern, false),
                    get("reason", &e.reason, true), get("link", &e.link, false)}) {
      if (!st.ok()) return st;
    }
    if (j.contains("writer")) {
      std::string writer;
      if (auto st = get("writer", &writer, false); !st.ok()) return st;
      e.writer_pattern = writer;
    }
    auto decoded = OptionalStringList(j, "decoded", "");
    if (!decoded.ok()) return fail(decoded.status());
    e.decoded_patterns = std::move(*decoded);
    if (j.contains("decoded") && e.decoded_patterns.empty())
      return absl::InvalidArgumentError("decoded: list the decoded fields the difference may touch");
    auto ulps = OptionalInt(j, "max_ulps", "");
    if (!ulps.ok()) return fail(ulps.status());
    if (ulps->has_value()) {
      if (**ulps < 0) return absl::InvalidArgumentError("max_ulps: must be 0 or more");
      e.max_ulps = static_cast<uint64_t>(**ulps);
    }
    if (j.contains("every_record")) {
      if (!j["every_record"].is_boolean())
        return absl::InvalidArgumentError(
            absl::StrCat("every_record: expected true or false, got ", JsonTypeName(j["every_record"])));
      e.every_record = j["every_record"].get<bool>();
    }
    if (e.reason.empty()) return absl::InvalidArgumentError("reason: must say why the difference is expected");
    set.entries.push_back(std::move(e));
    return absl::OkStatus();
  });
  if (!st.ok()) return st;
  IndexByCasePrefix(set);
  return set;
}

namespace {

bool AppliesTo(const Expectation& e, const Record& r) {
  return GlobMatch(e.case_pattern, r.case_id) && GlobMatch(e.reference_pattern, r.reference) &&
         GlobMatch(e.candidate_pattern, r.candidate) &&
         (!e.writer_pattern || (e.writer_pattern->empty() ? r.writer.empty() : GlobMatch(*e.writer_pattern, r.writer)));
}

// Units in the last place between two doubles of one sign; none between others.
std::optional<uint64_t> UlpsApart(const Value& a, const Value& b) {
  if (a.kind != Value::Kind::kDouble || b.kind != Value::Kind::kDouble) return std::nullopt;
  if (!std::isfinite(a.AsDouble()) || !std::isfinite(b.AsDouble()) || (a.bits >> 63) != (b.bits >> 63))
    return std::nullopt;
  return a.bits > b.bits ? a.bits - b.bits : b.bits - a.bits;
}

bool Covers(const Expectation& e, const FieldDiff& d) {
  if (!GlobMatch(e.field_pattern, d.field)) return false;
  if (!e.decoded_patterns.empty()) {
    if (d.decoded.empty()) return false;
    for (const DecodedDiff& x : d.decoded) {
      const bool named = std::any_of(e.decoded_patterns.begin(), e.decoded_patterns.end(),
                                     [&](const std::string& p) { return GlobMatch(p, x.field); });
      if (!named) return false;
    }
  }
  if (e.max_ulps) {
    const auto apart = UlpsApart(d.reference, d.candidate);
    if (!apart || *apart > *e.max_ulps) return false;
  }
  return true;
}

// Compared records: the others (errors, unsupported) have no differences to judge.
bool Judged(const Record& r) { return r.verdict != Verdict::kError && r.verdict != Verdict::kUnsupported; }

}  // namespace

void ApplyExpectations(const ExpectationSet& set, Record& record) {
  if (!Judged(record)) return;
  bool any_unknown = false, any_known = false;
  const Expectation* stale = nullptr;
  for (size_t i : CandidatesFor(set, record.case_id)) {
    const Expectation& e = set.entries[i];
    if (!AppliesTo(e, record)) continue;
    bool covered = false;
    for (auto& d : record.diffs) {
      if (Covers(e, d)) {
        d.known = true;
        covered = true;
        if (record.expectation_reason.empty()) {
          record.expectation_reason = e.reason;
          record.expectation_link = e.link;
        }
      }
    }
    if (!covered && e.every_record && stale == nullptr) stale = &e;
  }
  for (const auto& d : record.diffs) (d.known ? any_known : any_unknown) = true;
  if (any_unknown) {
    record.verdict = Verdict::kDiffers;
  } else if (stale != nullptr) {
    record.verdict = Verdict::kUnexpectedlyEqual;
    record.expectation_reason = stale->reason;
    record.expectation_link = stale->link;
    record.note = absl::StrCat("expectation at line ", stale->line, " (field ", stale->field_pattern,
                               ") listed a difference that no longer occurs");
  } else {
    record.verdict = any_known ? Verdict::kKnown : Verdict::kEqual;
  }
}

void RejudgeRecord(const ExpectationSet& set, Record& record) {
  if (!Judged(record)) return;
  if (record.verdict == Verdict::kUnexpectedlyEqual) record.note.clear();
  record.expectation_reason.clear();
  record.expectation_link.clear();
  for (auto& d : record.diffs) d.known = false;
  record.verdict = record.diffs.empty() ? Verdict::kEqual : Verdict::kDiffers;
  ApplyExpectations(set, record);
}

std::vector<IdlePattern> IdlePatterns(const ExpectationSet& set, const std::vector<Record>& records) {
  if (std::all_of(set.entries.begin(), set.entries.end(), [](const Expectation& e) { return e.every_record; }))
    return {};  // no patterns: nothing to look for in every record
  std::vector<int64_t> applied(set.entries.size(), 0);
  std::vector<bool> covered(set.entries.size(), false);
  for (const Record& r : records) {
    if (!Judged(r)) continue;
    for (size_t i : CandidatesFor(set, r.case_id)) {
      const Expectation& e = set.entries[i];
      if (e.every_record || covered[i] || !AppliesTo(e, r)) continue;
      ++applied[i];
      covered[i] = std::any_of(r.diffs.begin(), r.diffs.end(), [&](const FieldDiff& d) { return Covers(e, d); });
    }
  }
  std::vector<IdlePattern> idle;
  for (size_t i = 0; i < set.entries.size(); ++i)
    if (applied[i] > 0 && !covered[i]) idle.push_back({&set.entries[i], applied[i]});
  return idle;
}

std::string RewriteExpectations(const ExpectationSet& old_set, const std::vector<Record>& records) {
  std::vector<bool> covers(old_set.entries.size(), false), applies(old_set.entries.size(), false);
  std::ostringstream out;
  out << "# dsconform expectations: one known difference per line (docs/expectations.md).\n";
  std::vector<std::string> fresh;
  std::set<std::string> seen;
  for (const Record& r : records) {
    if (r.verdict == Verdict::kError || r.verdict == Verdict::kUnsupported) continue;
    for (size_t i = 0; i < old_set.entries.size(); ++i) {
      if (!AppliesTo(old_set.entries[i], r)) continue;
      applies[i] = true;
      for (const auto& d : r.diffs)
        if (Covers(old_set.entries[i], d)) covers[i] = true;
    }
    for (const auto& d : r.diffs) {
      bool covered = false;
      for (const auto& e : old_set.entries)
        if (AppliesTo(e, r) && Covers(e, d)) covered = true;
      if (covered) continue;
      nlohmann::ordered_json j = {{"case", r.case_id},
                                  {"reference", r.reference},
                                  {"candidate", r.candidate},
                                  {"writer", r.writer},
                                  {"field", d.field},
                                  {"reason", "TODO: say why this difference is expected"},
                                  {"link", ""}};
      std::string line = j.dump();
      if (seen.insert(line).second) fresh.push_back(line);
    }
  }
  for (size_t i = 0; i < old_set.entries.size(); ++i) {
    // Stale: the difference is gone. A pattern stays (it claims no record; the run lists it as idle).
    if (applies[i] && !covers[i] && old_set.entries[i].every_record) continue;
    const Expectation& e = old_set.entries[i];
    nlohmann::ordered_json j = {{"case", e.case_pattern}, {"reference", e.reference_pattern},
                                {"candidate", e.candidate_pattern}};
    if (e.writer_pattern) j["writer"] = *e.writer_pattern;
    j["field"] = e.field_pattern;
    if (!e.decoded_patterns.empty()) j["decoded"] = e.decoded_patterns;
    if (e.max_ulps) j["max_ulps"] = *e.max_ulps;
    if (!e.every_record) j["every_record"] = false;
    j["reason"] = e.reason;
    j["link"] = e.link;
    out << j.dump() << "\n";
  }
  for (const auto& line : fresh) out << line << "\n";
  return out.str();
}

}  // namespace dsconform
