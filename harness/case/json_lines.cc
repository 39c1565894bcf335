#include "harness/case/json_lines.h"

#include <fstream>

#include "absl/strings/str_cat.h"

namespace dsconform {

absl::Status ForEachJsonLine(const std::string& path, const std::string& what,
                             const std::function<absl::Status(int line, const nlohmann::json& value)>& fn) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat(what, " ", path, ": cannot be read"));
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception& e) {  // a syntax error, or a number past a double's range
      return absl::InvalidArgumentError(absl::StrCat(path, ":", number, ": not JSON: ", e.what()));
    }
    // A reader that asks a value for the wrong type throws; that is a bad line, not a crash.
    absl::Status st;
    try {
      st = fn(number, j);
    } catch (const nlohmann::json::exception& e) {
      st = absl::InvalidArgumentError(e.what());
    }
    if (!st.ok()) return absl::Status(st.code(), absl::StrCat(path, ":", number, ": ", st.message()));
  }
  return absl::OkStatus();
}

}  // namespace dsconform
