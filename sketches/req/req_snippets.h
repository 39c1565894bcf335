#ifndef DSCONFORM_SKETCHES_REQ_REQ_SNIPPETS_H_
#define DSCONFORM_SKETCHES_REQ_REQ_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ repro programs of a REQ case (see Family::JavaSnippet).
std::string ReqJavaSnippet(const Case& c);
std::string ReqCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_REQ_REQ_SNIPPETS_H_
