#ifndef DSCONFORM_SKETCHES_HLL_HLL_IMAGE_CHECKS_H_
#define DSCONFORM_SKETCHES_HLL_HLL_IMAGE_CHECKS_H_

#include <string>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"

namespace dsconform {

// The HLL invariants a case may name (docs/case-format.md):
//  hll_image_consistent: in HLL mode the stored curMin and numAtCurMin match a
//    recount over the image's own registers (HLL_4: the minimum and how many
//    hold it, aux values included; HLL_6/8: 0 and the number of zero
//    registers), and hipAccum is 0 when the out-of-order flag is set.
//  hll_compact_flag: images named *.compact carry the COMPACT flag and images
//    named *.updatable do not.
// Returns one "<field>: <what is wrong>" line per violation.
std::vector<std::string> CheckHllInvariant(const Invariant& invariant, const std::vector<const Value*>& values);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_HLL_HLL_IMAGE_CHECKS_H_
