#include "harness/case/case_params.h"

#include "absl/strings/str_split.h"

namespace dsconform {

CaseParams CaseParams::Of(const std::string& case_id) {
  CaseParams p;
  for (absl::string_view segment : absl::StrSplit(case_id, '/')) {
    const size_t eq = segment.find('=');
    if (eq == absl::string_view::npos) p.bare.insert(std::string(segment));
    else p.values[std::string(segment.substr(0, eq))] = std::string(segment.substr(eq + 1));
  }
  return p;
}

std::string CaseParams::Value(const std::string& key) const {
  auto it = values.find(key);
  return it == values.end() ? "" : it->second;
}

}  // namespace dsconform
