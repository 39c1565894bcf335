#ifndef DSCONFORM_SKETCHES_EBPPS_EBPPS_FAMILY_H_
#define DSCONFORM_SKETCHES_EBPPS_EBPPS_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// EBPPS sampling (datasketches-cpp ebpps_sketch, datasketches-java
// EbppsItemsSketch, the Python binding's ebpps_sketch): its steps
// (docs/case-format.md, "EBPPS sampling steps"), suites, image decoder and checks.
namespace families {
const Family& ebpps();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_EBPPS_EBPPS_FAMILY_H_
