#ifndef DSCONFORM_SKETCHES_TDIGEST_TDIGEST_SNIPPETS_H_
#define DSCONFORM_SKETCHES_TDIGEST_TDIGEST_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ programs that rebuild a t-digest case with the libraries'
// public APIs (see Family::JavaSnippet).
std::string TdigestJavaSnippet(const Case& c);
std::string TdigestCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_TDIGEST_TDIGEST_SNIPPETS_H_
