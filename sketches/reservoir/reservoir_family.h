#ifndef DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_FAMILY_H_
#define DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// Reservoir sampling (datasketches-java ReservoirItemsSketch/ReservoirLongsSketch
// and their unions, the Go module's sampling package): its steps
// (docs/case-format.md, "Reservoir sampling steps"), suites, image decoder and checks.
namespace families {
const Family& reservoir();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_FAMILY_H_
