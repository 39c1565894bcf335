#ifndef DSCONFORM_SKETCHES_CPC_CPC_FAMILY_H_
#define DSCONFORM_SKETCHES_CPC_CPC_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// CPC: validation of its steps (docs/case-format.md, "CPC steps"), its
// suites, its image decoder and invariants.
namespace families {
const Family& cpc();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_CPC_CPC_FAMILY_H_
