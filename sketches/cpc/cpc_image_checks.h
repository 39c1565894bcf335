#ifndef DSCONFORM_SKETCHES_CPC_CPC_IMAGE_CHECKS_H_
#define DSCONFORM_SKETCHES_CPC_CPC_IMAGE_CHECKS_H_

#include <string>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"

namespace dsconform {

// The CPC invariant a case may name (docs/case-format.md):
//  cpc_image_consistent: the image decodes completely; preInts is the one its
//    flags and numCoupons call for; its table and window flags fit the flavor
//    that numCoupons and lgK give (EMPTY: neither; SPARSE, HYBRID: a table, no
//    window, first interesting column 0; PINNED, SLIDING: a window); a stored
//    numSv is at most numCoupons; kxp lies in (0, K].
// Returns one "<field>: <what is wrong>" line per violation.
std::vector<std::string> CheckCpcInvariant(const Invariant& invariant, const std::vector<const Value*>& values);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_CPC_CPC_IMAGE_CHECKS_H_
