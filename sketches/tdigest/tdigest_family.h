#ifndef DSCONFORM_SKETCHES_TDIGEST_TDIGEST_FAMILY_H_
#define DSCONFORM_SKETCHES_TDIGEST_TDIGEST_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// t-digest: validation of its steps (docs/case-format.md, "t-digest steps"),
// its suites, its image decoder and its snapshot reader.
namespace families {
const Family& tdigest();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_TDIGEST_TDIGEST_FAMILY_H_
