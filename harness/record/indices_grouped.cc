#include "harness/record/indices_grouped.h"

namespace dsconform {

std::string IndicesGrouped(const std::string& name) {
  std::string out;
  for (size_t i = 0; i < name.size();) {
    if (name[i] == '[') {
      size_t j = i + 1;
      while (j < name.size() && name[j] >= '0' && name[j] <= '9') ++j;
      if (j > i + 1 && j < name.size() && name[j] == ']') {
        out += "[*]";
        i = j + 1;
        continue;
      }
    }
    out.push_back(name[i++]);
  }
  return out;
}

}  // namespace dsconform
