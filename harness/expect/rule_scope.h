#ifndef DSCONFORM_HARNESS_EXPECT_RULE_SCOPE_H_
#define DSCONFORM_HARNESS_EXPECT_RULE_SCOPE_H_

#include <optional>
#include <string>
#include <vector>

#include "harness/expect/case_predicate.h"
#include "harness/expect/engine_selector.h"
#include "harness/record/record.h"

namespace dsconform {

// The stage a record compares: a case's first stage of two engines, a cross stage (one engine
// reading another's images, the writer), or one engine's self-check (its invariants and truth).
enum class Stage { kFirst, kCross, kSelf };
Stage StageOf(const Record& r);
const char* StageName(Stage s);
bool StageFromName(const std::string& name, Stage* out);

// Which records a rule (part) applies to. Every constraint given must hold; none given: any.
struct RuleScope {
  std::vector<std::string> suites;      // globs over the suite ("hll.unions", "kll.*")
  std::vector<std::string> cases;       // globs over the case id; rarely needed: prefer `where`
  std::vector<CasePredicate> where;     // conditions on the case's parameters, all must hold
  std::vector<Stage> stages;            // any of them
  // One selector: both engines of the record match it (a self-check, or two engines of one
  // kind such as java and java-direct under "java*"). Two: the record's engines match them in
  // either order, since --reference decides which one is the reference.
  std::vector<EngineSelector> engines;
  std::optional<EngineSelector> writer;  // cross stages: the engine whose images were read

  bool AppliesTo(const Record& r, const CaseParams& params) const;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_EXPECT_RULE_SCOPE_H_
