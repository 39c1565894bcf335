#ifndef DSCONFORM_SKETCHES_REQ_REQ_FAMILY_H_
#define DSCONFORM_SKETCHES_REQ_REQ_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// REQ (relative error quantiles): validation of its steps (docs/case-format.md,
// "REQ steps"), its suites, and its image decoder.
namespace families {
const Family& req();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_REQ_REQ_FAMILY_H_
