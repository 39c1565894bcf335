#ifndef DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_SNIPPETS_H_
#define DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// The Java program that rebuilds a Reservoir case with datasketches-java's
// public API (see Family::JavaSnippet); the C++ program says that
// datasketches-cpp has no reservoir sketch, step by step, as the native engine does.
std::string ReservoirJavaSnippet(const Case& c);
std::string ReservoirCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_SNIPPETS_H_
