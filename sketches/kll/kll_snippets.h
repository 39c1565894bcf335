#ifndef DSCONFORM_SKETCHES_KLL_KLL_SNIPPETS_H_
#define DSCONFORM_SKETCHES_KLL_KLL_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ programs that rebuild a KLL case with the libraries' public
// APIs (see Family::JavaSnippet).
std::string KllJavaSnippet(const Case& c);
std::string KllCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_KLL_KLL_SNIPPETS_H_
