#ifndef DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_INVARIANTS_H_
#define DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_INVARIANTS_H_

#include <string>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"

namespace dsconform {

// The invariant of countmin.accuracy, on one engine's own answers:
// "countmin_unit_counts" over the fields [<as>.total_weight,
// <as>.num_hashes, <as>.relative_error, <as>.estimate[0], ...], where every
// queried item was fed exactly once with weight 1 (true count 1) and no item
// with another weight. It holds when
// - no estimate is below the true count 1 (Count-min never underestimates
//   with non-negative weights), and
// - the number of estimates above 1 + relative_error x total_weight is not
//   improbably large for the stated failure probability
//   delta = exp(-num_hashes) (a hash count suggested for a confidence c is
//   ceil(ln(1 / (1 - c)))): P[X >= that number] >= kCountminAlpha for
//   X ~ Binomial(estimates, delta).
// Returns the violations, one line each.
inline constexpr char kCountminUnitCounts[] = "countmin_unit_counts";
inline constexpr double kCountminAlpha = 1e-6;
std::vector<std::string> CheckCountminInvariant(const Invariant& invariant, const std::vector<const Value*>& values);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_INVARIANTS_H_
