#include "harness/expect/known_differences.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/case/glob_match.h"
#include "harness/case/json_lines.h"

namespace dsconform {
namespace {

constexpr const char* kFileName = "known_differences.jsonl";

absl::StatusOr<std::vector<std::string>> FilesOf(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return std::vector<std::string>{path};
  std::vector<std::string> files;
  const std::filesystem::path own = std::filesystem::path(path) / kFileName;
  if (std::filesystem::is_regular_file(own, ec)) files.push_back(own.string());
  std::vector<std::string> below;
  for (const auto& entry : std::filesystem::directory_iterator(path, ec)) {
    const std::filesystem::path f = entry.path() / kFileName;
    if (entry.is_directory(ec) && std::filesystem::is_regular_file(f, ec)) below.push_back(f.string());
  }
  if (ec) return absl::UnavailableError(absl::StrCat("known differences ", path, ": cannot be listed: ", ec.message()));
  std::sort(below.begin(), below.end());
  files.insert(files.end(), below.begin(), below.end());
  if (files.empty())
    return absl::NotFoundError(absl::StrCat("known differences ", path, ": a directory without ", kFileName,
                                            " in it or in its folders"));
  return files;
}

bool Judged(const Record& r) { return r.verdict != Verdict::kError && r.verdict != Verdict::kUnsupported; }

// The sides of a record that threw somewhere (an error on that side among its differences),
// indexed by Side: a value missing on such a side is what the throw cut short.
struct Threw {
  bool side[3] = {false, false, false};
  explicit Threw(const Record& r) {
    for (const FieldDiff& d : r.diffs) {
      side[static_cast<int>(Side::kReference)] |= !d.missing_in_reference && d.reference.kind == Value::Kind::kError;
      side[static_cast<int>(Side::kCandidate)] |= !d.missing_in_candidate && d.candidate.kind == Value::Kind::kError;
    }
  }
  bool CutShort(const FieldDiff& d) const {
    return ErrorSide(d) == Side::kNone && MissingSide(d) != Side::kNone && side[static_cast<int>(MissingSide(d))];
  }
};

// What one part of a rule does to one record: which differences it covers. A covered difference
// where a side threw also covers every field missing on that side: that engine's stage ended
// there, so whatever the other engine did later (an error of its own included) has no counterpart.
// A cut-short field is the throw's difference, so a part that names fields only does not cover it
// (the record would cite a finding about values that were never computed). An image difference the
// part does not cover whole may have some of its decoded fields explained by it (`decoded`).
struct Coverage {
  std::vector<bool> whole;
  // Per difference, its decoded fields this part explains; empty (most parts, most records) when none.
  std::vector<std::vector<bool>> decoded;
  bool any = false;

  bool Explains(size_t i, size_t k) const { return i < decoded.size() && k < decoded[i].size() && decoded[i][k]; }
};

Coverage CoveredBy(const RulePart& part, const Record& r, const Threw& threw) {
  Coverage c;
  c.whole.assign(r.diffs.size(), false);
  bool thrown[3] = {false, false, false};
  for (size_t i = 0; i < r.diffs.size(); ++i) {
    if (part.shape.value == DifferenceShape::ValueKind::kAny && threw.CutShort(r.diffs[i])) continue;
    if (!part.shape.Covers(r.diffs[i])) {
      if (part.shape.decoded.empty() || r.diffs[i].decoded.empty()) continue;
      if (c.decoded.empty()) c.decoded.resize(r.diffs.size());
      c.decoded[i] = part.shape.CoveredDecoded(r.diffs[i]);
      c.any = c.any || std::find(c.decoded[i].begin(), c.decoded[i].end(), true) != c.decoded[i].end();
      continue;
    }
    c.whole[i] = c.any = true;
    thrown[static_cast<int>(ErrorSide(r.diffs[i]))] = true;
  }
  if (thrown[static_cast<int>(Side::kReference)] || thrown[static_cast<int>(Side::kCandidate)]) {
    for (size_t i = 0; i < r.diffs.size(); ++i) {
      const Side missing = MissingSide(r.diffs[i]);
      if (missing != Side::kNone && thrown[static_cast<int>(missing)]) c.whole[i] = true;
    }
  }
  return c;
}

// The rules a judged record cites: every rule that covers a difference whole, and for an image
// known through its decoded fields, the first rule (in order) to explain each of them.
std::vector<const Rule*> Explaining(const std::vector<std::pair<const Rule*, Coverage>>& coverages,
                                    const std::vector<bool>& by_fields, const Record& record) {
  std::vector<const Rule*> explaining;
  std::vector<std::vector<bool>> claimed(record.diffs.size());
  for (size_t i = 0; i < record.diffs.size(); ++i) claimed[i].assign(by_fields[i] ? record.diffs[i].decoded.size() : 0, false);
  for (const auto& [rule, covered] : coverages) {
    bool explains = false;
    for (size_t i = 0; i < covered.whole.size(); ++i) {
      explains = explains || covered.whole[i];
      for (size_t k = 0; k < claimed[i].size(); ++k)
        if (covered.Explains(i, k) && !claimed[i][k]) claimed[i][k] = explains = true;
    }
    if (explains && (explaining.empty() || explaining.back() != rule)) explaining.push_back(rule);
  }
  return explaining;
}

}  // namespace

std::string KnownDifferences::Describe() const { return absl::StrJoin(paths, ","); }

absl::StatusOr<KnownDifferences> LoadKnownDifferences(const std::vector<std::string>& paths) {
  KnownDifferences known;
  known.paths = paths;
  for (const std::string& path : paths) {
    auto files = FilesOf(path);
    if (!files.ok()) return files.status();
    for (const std::string& file : *files) {
      known.files.push_back(file);
      auto st = ForEachJsonLine(file, "known differences", [&](int line, const nlohmann::json& j) -> absl::Status {
        auto rule = ParseRule(j);
        if (!rule.ok()) return rule.status();
        rule->file = file;
        rule->line = line;
        known.rules.push_back(std::move(*rule));
        return absl::OkStatus();
      });
      if (!st.ok()) return st;
    }
  }
  return known;
}

void ApplyKnownDifferences(const KnownDifferences& known, Record& record) {
  if (!Judged(record)) return;
  const CaseParams params = CaseParams::Of(record.case_id);
  std::string stale;
  const Rule* stale_rule = nullptr;
  // Every applying part's coverage, in rule order: a decoded field a part explains counts only for
  // an image that no part covers whole, which is known once all the parts have had their say.
  std::vector<std::pair<const Rule*, Coverage>> coverages;
  const Threw threw(record);
  for (const Rule& rule : known.rules) {
    if (!GlobMatch(rule.family, record.family)) continue;
    for (const RulePart& part : rule.parts) {
      if (!part.scope.AppliesTo(record, params)) continue;
      Coverage covered = CoveredBy(part, record, threw);
      for (size_t i = 0; i < covered.whole.size(); ++i) record.diffs[i].known = record.diffs[i].known || covered.whole[i];
      if (!covered.any && rule.every_record && stale_rule == nullptr) {
        stale_rule = &rule;
        stale = absl::StrCat("rule ", rule.Where(), part.name.empty() ? "" : absl::StrCat(", part \"", part.name, "\""),
                             " states its difference on every record it applies to; this one shows none");
      }
      coverages.emplace_back(&rule, std::move(covered));
    }
  }
  std::vector<bool> by_fields(record.diffs.size(), false);  // known through its decoded fields
  for (size_t i = 0; i < record.diffs.size(); ++i) {
    if (record.diffs[i].known || record.diffs[i].decoded.empty()) continue;
    bool all = true;
    for (size_t k = 0; all && k < record.diffs[i].decoded.size(); ++k)
      all = std::any_of(coverages.begin(), coverages.end(), [&](const auto& c) { return c.second.Explains(i, k); });
    by_fields[i] = record.diffs[i].known = all;
  }
  const std::vector<const Rule*> explaining = Explaining(coverages, by_fields, record);
  const bool any_unknown = std::any_of(record.diffs.begin(), record.diffs.end(), [](const FieldDiff& d) { return !d.known; });
  if (any_unknown) {
    record.verdict = Verdict::kDiffers;
  } else if (stale_rule != nullptr) {
    record.verdict = Verdict::kUnexpectedlyEqual;
    record.note = stale;
    record.expectation_reason = stale_rule->Explanation();
    record.expectation_link = stale_rule->link;
    record.expectation_findings = {stale_rule->finding};
    return;
  } else {
    record.verdict = record.diffs.empty() ? Verdict::kEqual : Verdict::kKnown;
  }
  if (explaining.empty()) return;
  std::vector<std::string> explanations, findings;
  std::string link;
  for (const Rule* rule : explaining) {
    explanations.push_back(rule->Explanation());
    findings.push_back(rule->finding);
    if (link.empty()) link = rule->link;
  }
  record.expectation_reason = absl::StrJoin(explanations, "; ");
  record.expectation_findings = std::move(findings);
  record.expectation_link = link;
}

void RejudgeRecord(const KnownDifferences& known, Record& record) {
  if (!Judged(record)) return;
  if (record.verdict == Verdict::kUnexpectedlyEqual) record.note.clear();
  record.expectation_reason.clear();
  record.expectation_link.clear();
  record.expectation_findings.clear();
  for (auto& d : record.diffs) d.known = false;
  record.verdict = record.diffs.empty() ? Verdict::kEqual : Verdict::kDiffers;
  ApplyKnownDifferences(known, record);
}

StaleRuleTally::StaleRuleTally(const KnownDifferences& known) : known_(known), tallies_(known.rules.size()) {
  for (size_t i = 0; i < known.rules.size(); ++i) tallies_[i].resize(known.rules[i].parts.size());
}

void StaleRuleTally::Add(const Record& r) {
  if (!Judged(r)) return;
  const CaseParams params = CaseParams::Of(r.case_id);
  const Threw threw(r);
  for (size_t i = 0; i < known_.rules.size(); ++i) {
    const Rule& rule = known_.rules[i];
    if (!GlobMatch(rule.family, r.family)) continue;
    for (size_t k = 0; k < rule.parts.size(); ++k) {
      Tally& t = tallies_[i][k];
      if (!rule.parts[k].scope.AppliesTo(r, params)) continue;
      ++t.applied;
      if (t.covered) continue;
      t.covered = CoveredBy(rule.parts[k], r, threw).any;
    }
  }
}

std::vector<StaleRule> StaleRuleTally::Stale() const {
  std::vector<StaleRule> stale;
  for (size_t i = 0; i < known_.rules.size(); ++i) {
    const Rule& rule = known_.rules[i];
    for (size_t k = 0; k < rule.parts.size(); ++k) {
      const Tally& t = tallies_[i][k];
      if (t.applied == 0 || t.covered) continue;
      stale.push_back({rule.finding, absl::StrCat(rule.file, ":", rule.line), rule.parts[k].name, rule.reason, rule.doc,
                       t.applied});
    }
  }
  return stale;
}

std::vector<StaleRule> StaleRules(const KnownDifferences& known, const std::vector<Record>& records) {
  StaleRuleTally tally(known);
  for (const Record& r : records) tally.Add(r);
  return tally.Stale();
}

std::string StaleRuleLine(const StaleRule& s) {
  return absl::StrCat(s.finding, s.part.empty() ? "" : absl::StrCat(" part \"", s.part, "\""), " (", s.where,
                      "): applied to ", s.records, " records, covered nothing");
}

}  // namespace dsconform
