#include "harness/expect/expectations.h"

#include <algorithm>
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
    auto fail = [](const std::string& why) { return absl::InvalidArgumentError(why); };
    if (!j.is_object()) return fail("expected one JSON object per line");
    if (auto st = RejectUnknownKeys(j, {"case", "reference", "candidate", "writer", "field", "reason", "link"}, ""); !st.ok())
      return fail(std::string(st.message()).substr(1));
    Expectation e;
    e.line = number;
    auto get = [&](const char* key, std::string* out, bool required) -> absl::Status {
      auto v = OptionalString(j, key, "");
      if (!v.ok()) return fail(std::string(v.status().message()).substr(1));
      if (v->has_value()) *out = **v;
      else if (required) return fail(absl::StrCat(key, ": missing"));
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
    if (e.reason.empty()) return fail("reason: must say why the difference is expected");
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
}  // namespace

void ApplyExpectations(const ExpectationSet& set, Record& record, std::vector<bool>* used) {
  if (record.verdict == Verdict::kError || record.verdict == Verdict::kUnsupported) return;
  if (used != nullptr) used->resize(set.entries.size());
  bool any_unknown = false, any_known = false;
  const Expectation* stale = nullptr;
  for (size_t i : CandidatesFor(set, record.case_id)) {
    const Expectation& e = set.entries[i];
    if (!AppliesTo(e, record)) continue;
    bool covered = false;
    for (auto& d : record.diffs) {
      if (GlobMatch(e.field_pattern, d.field)) {
        d.known = true;
        covered = true;
        if (record.expectation_reason.empty()) {
          record.expectation_reason = e.reason;
          record.expectation_link = e.link;
        }
      }
    }
    if (covered && used != nullptr) (*used)[i] = true;
    if (!covered && stale == nullptr) stale = &e;
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
        if (GlobMatch(old_set.entries[i].field_pattern, d.field)) covers[i] = true;
    }
    for (const auto& d : r.diffs) {
      bool covered = false;
      for (const auto& e : old_set.entries)
        if (AppliesTo(e, r) && GlobMatch(e.field_pattern, d.field)) covered = true;
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
    if (applies[i] && !covers[i]) continue;  // stale: the difference is gone
    const Expectation& e = old_set.entries[i];
    nlohmann::ordered_json j = {{"case", e.case_pattern}, {"reference", e.reference_pattern},
                                {"candidate", e.candidate_pattern}};
    if (e.writer_pattern) j["writer"] = *e.writer_pattern;
    j["field"] = e.field_pattern;
    j["reason"] = e.reason;
    j["link"] = e.link;
    out << j.dump() << "\n";
  }
  for (const auto& line : fresh) out << line << "\n";
  return out.str();
}

}  // namespace dsconform
