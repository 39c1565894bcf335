#ifndef DSCONFORM_SKETCHES_DENSITY_DENSITY_FAMILY_H_
#define DSCONFORM_SKETCHES_DENSITY_DENSITY_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// The density sketch (datasketches-cpp density_sketch, a kernel density
// estimate over a coreset; the Python binding's density_sketch; no other
// library has one): its steps (docs/case-format.md, "Density steps"), suites,
// image decoder, the check against the exact kernel density, and snippets.
namespace families {
const Family& density();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_DENSITY_DENSITY_FAMILY_H_
