#include "sketches/hll/hll_snippets.h"

namespace dsconform {

// Placeholder until the snippet generator lands.
std::string HllJavaSnippet(const Case&) { return ""; }
std::string HllCppSnippet(const Case&) { return ""; }

}  // namespace dsconform
