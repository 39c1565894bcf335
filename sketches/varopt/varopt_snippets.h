#ifndef DSCONFORM_SKETCHES_VAROPT_VAROPT_SNIPPETS_H_
#define DSCONFORM_SKETCHES_VAROPT_VAROPT_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// The repro programs of a VarOpt case's first stage (Family::JavaSnippet,
// CppSnippet): the library's public calls, as the engines make them.
std::string VaroptJavaSnippet(const Case& c);
std::string VaroptCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_VAROPT_VAROPT_SNIPPETS_H_
