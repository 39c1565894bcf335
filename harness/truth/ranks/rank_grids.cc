#include "harness/truth/ranks/rank_grids.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/case/item_stream.h"

namespace dsconform {

nlohmann::ordered_json RankGrid(int intervals) {
  nlohmann::ordered_json ranks = nlohmann::ordered_json::array();
  // i/2^m has an exact decimal of m digits, so every language parses the same double.
  int digits = 0;
  while ((1 << digits) < intervals) ++digits;
  for (int i = 0; i <= intervals; ++i)
    ranks.push_back(i == 0           ? "0"
                    : i == intervals ? "1"
                                     : absl::StrFormat("%.*f", digits, static_cast<double>(i) / intervals));
  return ranks;
}

nlohmann::ordered_json PointGrid(const std::string& item_type, int64_t start, int64_t n, int intervals) {
  std::set<int64_t> values;
  for (int j = 0; j <= intervals; ++j) values.insert(start - 1 + (j * (n + 1)) / intervals);
  nlohmann::ordered_json points = nlohmann::ordered_json::array();
  for (int64_t v : values) {
    if (item_type == "long") {
      points.push_back(absl::StrCat(v));
    } else if (item_type == "string") {
      // Strings order by bytes: "-000000001" sorts before every digit string.
      points.push_back(OrderedStringItem(v));
    } else {
      // Items are value/4: quarters print exactly and read back as the same double and float.
      points.push_back(absl::StrFormat("%.17g", static_cast<double>(v) / 4.0));
    }
  }
  return points;
}

}  // namespace dsconform
