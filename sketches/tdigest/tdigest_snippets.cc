#include "sketches/tdigest/tdigest_snippets.h"

namespace dsconform {

// Not written yet: Family::JavaSnippet's "empty when not available".
std::string TdigestJavaSnippet(const Case& /*c*/) { return ""; }
std::string TdigestCppSnippet(const Case& /*c*/) { return ""; }

}  // namespace dsconform
