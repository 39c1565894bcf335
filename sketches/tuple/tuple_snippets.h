#ifndef DSCONFORM_SKETCHES_TUPLE_TUPLE_SNIPPETS_H_
#define DSCONFORM_SKETCHES_TUPLE_TUPLE_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ programs that rebuild a Tuple case with the libraries' public
// APIs (see Family::JavaSnippet).
std::string TupleJavaSnippet(const Case& c);
std::string TupleCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_TUPLE_TUPLE_SNIPPETS_H_
