#ifndef DSCONFORM_SKETCHES_THETA_THETA_FAMILY_H_
#define DSCONFORM_SKETCHES_THETA_THETA_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// Theta: validation of its steps (docs/case-format.md, "Theta steps"), its
// suites, and its image decoder.
namespace families {
const Family& theta();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_THETA_THETA_FAMILY_H_
