#ifndef DSCONFORM_SKETCHES_DENSITY_DENSITY_SNIPPETS_H_
#define DSCONFORM_SKETCHES_DENSITY_DENSITY_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// The repro programs of a density case (see Family::JavaSnippet): the C++ one
// makes the calls engines/native/density_adapter.cc makes; datasketches-java
// has no density sketch, so the Java one only says so, step by step, as the
// harness answers the java engine's steps.
std::string DensityJavaSnippet(const Case& c);
std::string DensityCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_DENSITY_DENSITY_SNIPPETS_H_
