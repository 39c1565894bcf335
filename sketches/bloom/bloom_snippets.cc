#include "sketches/bloom/bloom_snippets.h"

namespace dsconform {

// Not written yet: Family::JavaSnippet's "empty when not available".
std::string BloomJavaSnippet(const Case& /*c*/) { return ""; }
std::string BloomCppSnippet(const Case& /*c*/) { return ""; }

}  // namespace dsconform
