#ifndef DSCONFORM_HARNESS_DIFF_INVARIANT_CHECKER_H_
#define DSCONFORM_HARNESS_DIFF_INVARIANT_CHECKER_H_

#include <vector>

#include "harness/case/case_program.h"
#include "harness/diff/differ.h"
#include "harness/engine/observation.h"
#include "harness/family/family.h"
#include "harness/report/record.h"

namespace dsconform {

struct InvariantResult {
  std::vector<FieldDiff> violations;
  int checks = 0;
};

// Checks the case's invariants on one engine's own observations. An "equal"
// invariant that fails yields a FieldDiff named "equal: <field> vs <first>"
// with both values (and decoded image fields); "matches_input" compares an
// image the engine wrote with an input image of the case, likewise; a family check yields
// "<check>: <field>" with the violation as a string value. Fields the engine
// did not produce because it threw or could not do the step are skipped.
InvariantResult CheckInvariants(const Case& c, const Observations& obs, const Family* family,
                                const DiffOptions& options);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_DIFF_INVARIANT_CHECKER_H_
