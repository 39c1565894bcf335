// What the Quantiles suites share: item streams by item type, the query of
// every answer, and the sizes around every level transition.
#include <set>

#include "absl/strings/str_cat.h"
#include "sketches/quantiles/quantiles_family.h"
#include "sketches/quantiles/quantiles_suites.h"

namespace dsconform {

std::vector<const Suite*> QuantilesSuites() {
  return {&QuantilesExactSuite(), &QuantilesCrossSuite(), &QuantilesMergesSuite(), &QuantilesSpecialsSuite(),
          &QuantilesAccuracySuite()};
}

ItemStream QuantilesItems(const std::string& item_type, int64_t start, int64_t count, ItemOrder order,
                          uint64_t shuffle_seed) {
  ItemStream s;
  s.generator = item_type == "long"     ? ItemGenerator::kOrderedLongs
                : item_type == "string" ? ItemGenerator::kOrderedStrings
                                        : ItemGenerator::kOrderedDoubles;
  s.start = start;
  s.count = count;
  s.order = order;
  s.seed = order == ItemOrder::kShuffled ? shuffle_seed : 0;
  return s;
}

std::vector<std::string> QuantilesItemTypes() {
  std::vector<std::string> types;
  for (const auto& m : families::quantiles().vocabulary().FindStep("create")->members)
    if (m.name == "item")
      for (const auto& v : m.values) types.push_back(v.get<std::string>());
  return types;
}

void AddQuantilesQuery(CaseBuilder& b, const std::string& slot, const std::string& as, const std::string& item_type,
                       int64_t start, int64_t n) {
  const auto& vocabulary = families::quantiles().vocabulary().queries();
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : vocabulary) {
    if (!q.grid.empty()) continue;
    if (n == 0 && (q.name == "min" || q.name == "max")) continue;  // undefined on an empty sketch
    queries.push_back(q.name);
  }
  if (n > 0)
    for (const auto& q : vocabulary)
      if (!q.grid.empty()) queries.push_back(q.name);
  nlohmann::ordered_json args = {{"queries", queries}};
  if (as != slot) args["as"] = as;
  if (n > 0) {
    args["ranks"] = RankGrid();
    args["points"] = PointGrid(item_type, start, n);
  }
  b.Step("query", slot, args);
}

std::vector<int64_t> QuantilesSizes(int k, int levels, int64_t max_n) {
  std::set<int64_t> sizes = {0, 1, int64_t{k}};
  for (int j = 0; j < levels; ++j) {
    const int64_t edge = 2 * int64_t{k} << j;
    sizes.insert({edge - 1, edge, edge + 1});
  }
  std::vector<int64_t> out;
  for (int64_t n : sizes)
    if (n <= max_n) out.push_back(n);
  return out;
}

}  // namespace dsconform
