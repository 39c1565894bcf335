#ifndef DSCONFORM_SKETCHES_KLL_KLL_FAMILY_H_
#define DSCONFORM_SKETCHES_KLL_KLL_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// KLL: validation of its steps (docs/case-format.md, "KLL steps"), its
// suites, and its image decoder.
namespace families {
const Family& kll();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_KLL_KLL_FAMILY_H_
