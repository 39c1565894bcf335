#ifndef DSCONFORM_SKETCHES_FI_FI_SNIPPETS_H_
#define DSCONFORM_SKETCHES_FI_FI_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ programs that rebuild a Frequent items case with the libraries'
// public APIs (see Family::JavaSnippet).
std::string FiJavaSnippet(const Case& c);
std::string FiCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_FI_FI_SNIPPETS_H_
