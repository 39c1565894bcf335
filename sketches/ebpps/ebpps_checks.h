#ifndef DSCONFORM_SKETCHES_EBPPS_EBPPS_CHECKS_H_
#define DSCONFORM_SKETCHES_EBPPS_EBPPS_CHECKS_H_

#include <string>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"

namespace dsconform {

// The EBPPS invariants (Family::CheckInvariant), judged on one engine's values:
//
//   ebpps_inclusion_<pattern>  [image, then per trial <t>.result.size and <t>.result[0..k-1]]:
//       T samples of independent sketches of the longs 0..n-1 weighted by <pattern>
//       (uniform, ramp, heavy, tiny: EbppsWeightOf; n and k as the first trial's image says):
//       each sample holds distinct items of 0..n-1, at most ceil(C) of them, and item v is in
//       about T * C * w_v / W of them, C = min(k, W / w_max) (JudgeInclusion, sizes not fixed,
//       at kInclusionAlpha; at kUnpinnedInclusionAlpha when the invariant's last field,
//       lang.random_bits, is there: the engine drew bits of its own).
// Returns the violations, one line each; empty when they hold or when nothing was answered.
std::vector<std::string> CheckEbppsInvariant(const Invariant& invariant, const std::vector<const Value*>& values);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_EBPPS_EBPPS_CHECKS_H_
