#ifndef DSCONFORM_SKETCHES_EBPPS_EBPPS_SNIPPETS_H_
#define DSCONFORM_SKETCHES_EBPPS_EBPPS_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ programs that rebuild an EBPPS case with the libraries' public
// APIs (see Family::JavaSnippet); the Java program pins the random bits through
// the package-private EbppsItemsSample.replaceRandom, by reflection, as the engine does.
std::string EbppsJavaSnippet(const Case& c);
std::string EbppsCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_EBPPS_EBPPS_SNIPPETS_H_
