#ifndef DSCONFORM_SKETCHES_BLOOM_BLOOM_SNIPPETS_H_
#define DSCONFORM_SKETCHES_BLOOM_BLOOM_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ programs that rebuild a Bloom filter case with the libraries'
// public APIs (see Family::JavaSnippet).
std::string BloomJavaSnippet(const Case& c);
std::string BloomCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_BLOOM_BLOOM_SNIPPETS_H_
