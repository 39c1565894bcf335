#ifndef DSCONFORM_HARNESS_CASE_JSON_LINES_H_
#define DSCONFORM_HARNESS_CASE_JSON_LINES_H_

#include <functional>
#include <string>

#include "absl/status/status.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// Reads a JSON-lines file of the kind people edit (cases, expectations): one
// JSON value per line, blank lines and lines starting with '#' skipped. Calls
// `fn` with each line's number and value; an error from `fn`, or a line that
// is not JSON, stops the read with "<path>:<line>: <reason>". A missing file
// is NotFound: "<what> <path>: cannot be read".
absl::Status ForEachJsonLine(const std::string& path, const std::string& what,
                             const std::function<absl::Status(int line, const nlohmann::json& value)>& fn);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_JSON_LINES_H_
