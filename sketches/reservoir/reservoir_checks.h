#ifndef DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_CHECKS_H_
#define DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_CHECKS_H_

#include <string>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"

namespace dsconform {

// The Reservoir invariants (Family::CheckInvariant), judged on one engine's values:
//
//   reservoir_inclusion_uniform  [image...]: sketch images of long items, one per
//       independent trial over the longs 0..n-1 (n and k as each image states them,
//       the same in all): every sample holds min(n, k) distinct items of 0..n-1, and
//       each item was sampled in about T * min(1, k/n) of the T trials
//       (JudgeInclusion, fixed size, at kUnpinnedInclusionAlpha: no library's draws can be pinned).
// Returns the violations, one line each; empty when they hold or when no value is there.
std::vector<std::string> CheckReservoirInvariant(const Invariant& invariant, const std::vector<const Value*>& values);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_CHECKS_H_
