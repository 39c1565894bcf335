#ifndef DSCONFORM_SKETCHES_HLL_HLL_FAMILY_H_
#define DSCONFORM_SKETCHES_HLL_HLL_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// HLL: validation of its steps (docs/case-format.md, "HLL steps"), its
// suites, and its image decoder.
namespace families {
const Family& hll();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_HLL_HLL_FAMILY_H_
