#ifndef DSCONFORM_SKETCHES_FI_FI_FAMILY_H_
#define DSCONFORM_SKETCHES_FI_FI_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// Frequent items: validation of its steps (docs/case-format.md, "Frequent items
// steps"), its suites, its image decoder, snippets and TCK snapshot case.
namespace families {
const Family& fi();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_FI_FI_FAMILY_H_
