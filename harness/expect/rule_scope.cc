#include "harness/expect/rule_scope.h"

#include <algorithm>

#include "harness/case/glob_match.h"

namespace dsconform {

Stage StageOf(const Record& r) {
  if (!r.writer.empty()) return Stage::kCross;
  return r.reference == r.candidate ? Stage::kSelf : Stage::kFirst;
}

const char* StageName(Stage s) {
  switch (s) {
    case Stage::kFirst: return "first";
    case Stage::kCross: return "cross";
    case Stage::kSelf: return "self";
  }
  return "first";
}

bool StageFromName(const std::string& name, Stage* out) {
  for (Stage s : {Stage::kFirst, Stage::kCross, Stage::kSelf}) {
    if (name == StageName(s)) {
      *out = s;
      return true;
    }
  }
  return false;
}

bool RuleScope::AppliesTo(const Record& r, const CaseParams& params) const {
  auto any_glob = [](const std::vector<std::string>& globs, const std::string& text) {
    return globs.empty() || std::any_of(globs.begin(), globs.end(), [&](const auto& g) { return GlobMatch(g, text); });
  };
  if (!any_glob(suites, r.suite) || !any_glob(cases, r.case_id)) return false;
  if (!stages.empty() && std::find(stages.begin(), stages.end(), StageOf(r)) == stages.end()) return false;
  if (writer && !writer->Matches(r.writer)) return false;
  if (engines.size() == 1 && !(engines[0].Matches(r.reference) && engines[0].Matches(r.candidate))) return false;
  if (engines.size() == 2 && !(engines[0].Matches(r.reference) && engines[1].Matches(r.candidate)) &&
      !(engines[1].Matches(r.reference) && engines[0].Matches(r.candidate)))
    return false;
  return std::all_of(where.begin(), where.end(), [&](const CasePredicate& p) { return p.Holds(params); });
}

}  // namespace dsconform
