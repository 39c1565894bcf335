#ifndef DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_FAMILY_H_
#define DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// Count-min: validation of its steps (docs/case-format.md, "Count-min steps"),
// its suites, its image decoder and its snapshot reader.
namespace families {
const Family& countmin();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_FAMILY_H_
