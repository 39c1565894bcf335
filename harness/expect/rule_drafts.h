#ifndef DSCONFORM_HARNESS_EXPECT_RULE_DRAFTS_H_
#define DSCONFORM_HARNESS_EXPECT_RULE_DRAFTS_H_

#include <map>
#include <string>
#include <vector>

#include "harness/expect/known_differences.h"
#include "harness/record/record.h"

namespace dsconform {

// What --update_expectations adds for the differences of a run that no rule covers: one draft rule
// per family, suite, stage, engine kinds (and writer kind), kind of field, set of decoded fields
// and value shape, as narrow as the run shows it (the largest ulps seen, the error's message).
// Drafts say "TODO" where a person must name the finding, its section and the reason; they never
// replace a reviewed rule. Returned as JSON lines by family, in the order first seen.
std::map<std::string, std::vector<std::string>> DraftRules(const KnownDifferences& known,
                                                           const std::vector<Record>& records);

// "u3_HLL_4.compact" -> "*.compact", "r.quantiles[3]" -> "*.quantiles[*]", "error@op2" ->
// "error@op*", "equal: u1.compact vs u0.compact" -> "equal: *.compact vs *.compact",
// "hll_image_consistent: u0_HLL_8.compact" -> "hll_image_consistent: *".
std::string FieldGlob(const std::string& field);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_EXPECT_RULE_DRAFTS_H_
