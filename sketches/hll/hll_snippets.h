#ifndef DSCONFORM_SKETCHES_HLL_HLL_SNIPPETS_H_
#define DSCONFORM_SKETCHES_HLL_HLL_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ programs that rebuild an HLL case with the libraries' public
// APIs (see Family::JavaSnippet).
std::string HllJavaSnippet(const Case& c);
std::string HllCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_HLL_HLL_SNIPPETS_H_
