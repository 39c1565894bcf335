#ifndef DSCONFORM_HARNESS_EXPECT_RULE_H_
#define DSCONFORM_HARNESS_EXPECT_RULE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/expect/difference_shape.h"
#include "harness/expect/rule_scope.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// One known difference: a finding of docs/findings*.md, stated as the records it applies to and
// the shape of the differences it covers (docs/expectations.md). A finding whose section states
// several shapes has several parts; each part is reported stale on its own.
struct RulePart {
  std::string name;  // "sign of the upper bound"; empty when the rule has one part
  RuleScope scope;
  DifferenceShape shape;
};

struct Rule {
  std::string finding;  // "F2", "CPC-F8", "TH1", "K3"
  std::string doc;      // where the finding is written up: "docs/findings.md#f2"
  std::string reason;   // what the difference is, in a sentence
  std::string link;     // the upstream issue or pull request, if any
  std::string family;   // glob over the record's family: "hll"
  // true: every record a part applies to shows a difference it covers, else the record is
  // unexpectedly equal (fails the run). false: a pattern, silent where nothing differs.
  bool every_record = false;
  std::vector<RulePart> parts;  // at least one
  std::string file;             // where it came from, for messages
  int line = 0;

  // "F2 (sketches/hll/known_differences.jsonl:3)"
  std::string Where() const;
  // "F2: <reason> (docs/findings.md#f2)": what a record covered by it says.
  std::string Explanation() const;
};

// Reads one rule from its JSON object. The members of a part may also be given on the rule itself,
// where they are the defaults of every part. Errors name the member ("parts/1/engines: ...").
absl::StatusOr<Rule> ParseRule(const nlohmann::json& j);

// The JSON object of a rule: ParseRule(RuleToJson(r)) gives r again (drafts are written this way).
nlohmann::ordered_json RuleToJson(const Rule& r);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_EXPECT_RULE_H_
