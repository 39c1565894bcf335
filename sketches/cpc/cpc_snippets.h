#ifndef DSCONFORM_SKETCHES_CPC_CPC_SNIPPETS_H_
#define DSCONFORM_SKETCHES_CPC_CPC_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ programs that rebuild a CPC case with the libraries' public
// APIs (see Family::JavaSnippet).
std::string CpcJavaSnippet(const Case& c);
std::string CpcCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_CPC_CPC_SNIPPETS_H_
