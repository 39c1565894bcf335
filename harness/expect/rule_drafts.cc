#include "harness/expect/rule_drafts.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "harness/record/indices_grouped.h"

namespace dsconform {
namespace {

std::string Kind(const std::string& engine) { return engine.substr(0, engine.find('@')); }

std::string SlotGlob(const std::string& field) {
  const size_t dot = field.rfind('.');
  return IndicesGrouped(dot == std::string::npos ? field : absl::StrCat("*", field.substr(dot)));
}

struct Draft {
  Rule rule;
  std::set<std::string> decoded;
  uint64_t ulps = 0;
  bool doubles = true;  // every difference of the draft was two finite doubles of one sign
  int64_t count = 0;
  std::string example;
};

}  // namespace

std::string FieldGlob(const std::string& field) {
  if (field.rfind("error@", 0) == 0) return "error@op*";
  if (field.rfind("equal: ", 0) == 0) {
    std::vector<std::string> sides = absl::StrSplit(field.substr(7), " vs ");
    if (sides.size() == 2) return absl::StrCat("equal: ", SlotGlob(sides[0]), " vs ", SlotGlob(sides[1]));
  }
  if (const size_t colon = field.find(": "); colon != std::string::npos) return field.substr(0, colon + 2) + "*";
  return SlotGlob(field);
}

std::map<std::string, std::vector<std::string>> DraftRules(const KnownDifferences& known,
                                                           const std::vector<Record>& records) {
  std::map<std::string, Draft> drafts;
  std::vector<std::string> order;
  for (Record r : records) {
    if (r.verdict == Verdict::kError || r.verdict == Verdict::kUnsupported) continue;
    RejudgeRecord(known, r);
    std::set<Side> thrown;
    for (const FieldDiff& d : r.diffs)
      if (!d.known && ErrorSide(d) != Side::kNone && MissingSide(d) != ErrorSide(d)) thrown.insert(ErrorSide(d));
    for (const FieldDiff& d : r.diffs) {
      if (d.known) continue;
      if (MissingSide(d) != Side::kNone && thrown.count(MissingSide(d))) continue;  // its error's draft covers it
      RulePart part;
      part.scope.suites = {r.suite};
      part.scope.stages = {StageOf(r)};
      std::vector<std::string> kinds = {Kind(r.reference), Kind(r.candidate)};
      std::sort(kinds.begin(), kinds.end());
      kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
      for (const auto& k : kinds) part.scope.engines.push_back(*EngineSelector::Parse(k));
      if (!r.writer.empty()) part.scope.writer = *EngineSelector::Parse(Kind(r.writer));
      part.shape.fields = {FieldGlob(d.field)};
      std::string value_key;
      if (const Side side = ErrorSide(d); side != Side::kNone) {
        const Value& v = side == Side::kReference ? d.reference : d.candidate;
        part.shape.value = DifferenceShape::ValueKind::kError;
        part.shape.messages = {absl::StrCat(v.error_class, ": ", v.bytes)};
        value_key = part.shape.messages[0];
      } else if (MissingSide(d) != Side::kNone) {
        part.shape.value = DifferenceShape::ValueKind::kMissing;
        value_key = "missing";
      }
      std::set<std::string> decoded;
      for (const DecodedDiff& x : d.decoded) decoded.insert(IndicesGrouped(x.field));
      const std::string key = absl::StrCat(r.family, "|", r.suite, "|", StageName(StageOf(r)), "|", kinds[0], "|",
                                           kinds.back(), "|", Kind(r.writer), "|", part.shape.fields[0], "|",
                                           absl::StrJoin(decoded, ","), "|", value_key);
      auto [it, fresh] = drafts.try_emplace(key);
      Draft& draft = it->second;
      if (fresh) {
        order.push_back(key);
        draft.rule.finding = "TODO";
        draft.rule.doc = "TODO: docs/findings*.md#section";
        draft.rule.family = r.family;
        draft.rule.parts.push_back(std::move(part));
        draft.decoded = decoded;
        draft.example = absl::StrCat(r.case_id, " [", r.reference, " -> ", r.candidate,
                                     r.writer.empty() ? "" : absl::StrCat(", writer ", r.writer), "] ", d.field);
      }
      ++draft.count;
      const bool doubles = !d.missing_in_reference && !d.missing_in_candidate &&
                           d.reference.kind == Value::Kind::kDouble && d.candidate.kind == Value::Kind::kDouble &&
                           (d.reference.bits >> 63) == (d.candidate.bits >> 63);
      draft.doubles = draft.doubles && doubles;
      if (doubles) {
        const uint64_t a = d.reference.bits, b = d.candidate.bits;
        draft.ulps = std::max(draft.ulps, a > b ? a - b : b - a);
      }
    }
  }
  std::map<std::string, std::vector<std::string>> out;
  for (const std::string& key : order) {
    Draft& d = drafts[key];
    RulePart& part = d.rule.parts[0];
    part.shape.decoded.assign(d.decoded.begin(), d.decoded.end());
    // A last-bits difference is worth stating as such; beyond that the values simply differ.
    if (d.doubles && d.ulps <= 1024 && part.shape.value == DifferenceShape::ValueKind::kAny) part.shape.max_ulps = d.ulps;
    d.rule.reason = absl::StrCat("TODO: which finding is this? ", d.count, " differences, e.g. ", d.example);
    out[d.rule.family].push_back(RuleToJson(d.rule).dump());
  }
  return out;
}

}  // namespace dsconform
