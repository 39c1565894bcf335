#ifndef DSCONFORM_SKETCHES_VAROPT_VAROPT_FAMILY_H_
#define DSCONFORM_SKETCHES_VAROPT_VAROPT_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// VarOpt sampling (sketch and union): validation of its steps
// (docs/case-format.md, "VarOpt sampling steps"), its suites, its image decoder
// and its snippets.
namespace families {
const Family& varopt();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_VAROPT_VAROPT_FAMILY_H_
