#ifndef DSCONFORM_HARNESS_DIFF_INVARIANT_CHECKER_H_
#define DSCONFORM_HARNESS_DIFF_INVARIANT_CHECKER_H_

#include <vector>

#include "harness/case/case_program.h"
#include "harness/diff/differ.h"
#include "harness/engine/observation.h"
#include "harness/family/family.h"
#include "harness/record/record.h"

namespace dsconform {

struct InvariantResult {
  std::vector<FieldDiff> violations;
  int checks = 0;
};

// Checks one case's invariants on each engine's own observations. An "equal"
// invariant that fails yields a FieldDiff named "equal: <field> vs <first>"
// with both values (and decoded image fields); "matches_input" compares an
// image the engine wrote with an input image of the case, likewise; a family
// check yields "<check>: <field>" with the violation as a string value. Fields
// the engine did not produce because it threw or could not do the step are
// skipped.
//
// Engines mostly write the same images: an invariant whose fields hold
// exactly the values an earlier engine's did (same kind, bits and bytes; no
// errors) takes that engine's result instead of being checked again, since
// a check depends on nothing else. Observations passed to Check must outlive
// the checker.
class InvariantChecker {
 public:
  InvariantChecker(const Case& c, const Family* family, const DiffOptions& options);
  InvariantResult Check(const Observations& obs);

 private:
  struct Checked {
    std::vector<const Value*> values;
    std::vector<FieldDiff> violations;
    int checks = 0;
  };
  // One invariant on values of its fields, from scratch.
  Checked CheckOne(const Invariant& inv, std::vector<const Value*> values) const;

  const Case& case_;
  const Family* family_;
  DiffOptions options_;
  std::vector<std::vector<Checked>> earlier_;  // per invariant, one per distinct set of values
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_DIFF_INVARIANT_CHECKER_H_
