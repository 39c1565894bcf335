#ifndef DSCONFORM_HARNESS_CASE_GLOB_MATCH_H_
#define DSCONFORM_HARNESS_CASE_GLOB_MATCH_H_

#include <string>

namespace dsconform {

// Shell-style match of the whole text: '*' matches any run of characters ('/' included), '?' one
// character; everything else matches itself.
bool GlobMatch(const std::string& pattern, const std::string& text);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_GLOB_MATCH_H_
