#ifndef DSCONFORM_SKETCHES_COMPILED_FAMILIES_H_
#define DSCONFORM_SKETCHES_COMPILED_FAMILIES_H_

#include "harness/family/family_catalog.h"

namespace dsconform {

// Every family of sketches/CMakeLists.txt's DSCONFORM_FAMILIES, in that order:
// what a front end hands the core. The build generates the definition; each
// family's folder defines families::<name>().
const FamilyCatalog& CompiledFamilies();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_COMPILED_FAMILIES_H_
