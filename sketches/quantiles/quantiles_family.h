#ifndef DSCONFORM_SKETCHES_QUANTILES_QUANTILES_FAMILY_H_
#define DSCONFORM_SKETCHES_QUANTILES_QUANTILES_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// Classic Quantiles: validation of its steps (docs/case-format.md, "Classic
// Quantiles steps"), its suites, and its image decoder.
namespace families {
const Family& quantiles();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_QUANTILES_QUANTILES_FAMILY_H_
