#ifndef DSCONFORM_SKETCHES_THETA_THETA_SNIPPETS_H_
#define DSCONFORM_SKETCHES_THETA_THETA_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ programs that rebuild a Theta case with the libraries' public
// APIs (see Family::JavaSnippet).
std::string ThetaJavaSnippet(const Case& c);
std::string ThetaCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_THETA_THETA_SNIPPETS_H_
