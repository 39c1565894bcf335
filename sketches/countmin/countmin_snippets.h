#ifndef DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_SNIPPETS_H_
#define DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ programs that rebuild a Count-min case with the libraries'
// public APIs (see Family::JavaSnippet).
std::string CountminJavaSnippet(const Case& c);
std::string CountminCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_SNIPPETS_H_
