// What the KLL suites share: item streams by item type, the query grids and
// the sizes around every buffer size and compaction point.
#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "sketches/kll/kll_suites.h"
#include "sketches/kll/kll_family.h"

namespace dsconform {

std::vector<const Suite*> KllSuites() {
  return {&KllExactSuite(), &KllCrossSuite(), &KllVersionsSuite(), &KllAccuracySuite()};
}

ItemStream KllItems(const std::string& item_type, int64_t start, int64_t count, ItemOrder order,
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

std::vector<std::string> KllItemTypes() {
  std::vector<std::string> types;
  for (const auto& m : families::kll().vocabulary().FindStep("create")->members)
    if (m.name == "item")
      for (const auto& v : m.values) types.push_back(v.get<std::string>());
  return types;
}

void AddKllQuery(CaseBuilder& b, const std::string& slot, const std::string& as, const std::string& item_type,
                 int64_t start, int64_t n, bool native) {
  // Every query of the vocabulary, in its order: scalar ones, then the grids, then the native-only.
  const auto& vocabulary = families::kll().vocabulary().queries();
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : vocabulary) {
    if (!q.grid.empty() || q.native_only) continue;
    if (n == 0 && (q.name == "min" || q.name == "max")) continue;  // undefined on an empty sketch: both libraries throw
    queries.push_back(q.name);
  }
  if (n > 0)
    for (const auto& q : vocabulary)
      if (!q.grid.empty()) queries.push_back(q.name);
  if (native)
    for (const auto& q : vocabulary)
      if (q.native_only) queries.push_back(q.name);
  nlohmann::ordered_json args = {{"queries", queries}};
  if (as != slot) args["as"] = as;
  if (n > 0) {
    args["ranks"] = RankGrid();
    args["points"] = PointGrid(item_type, start, n);
  }
  b.Step("query", slot, args);
}

std::vector<int64_t> KllSizes(int k, int64_t max_n) {
  std::set<int64_t> sizes = {0, 1, 2};
  for (int64_t buffer : {200, 1600, 12800})
    if (buffer < k) sizes.insert({buffer - 1, buffer, buffer + 1});
  for (int64_t n : {int64_t{k} - 1, int64_t{k}, int64_t{k} + 1, 2 * int64_t{k} + 1, 4 * int64_t{k} + 3}) sizes.insert(n);
  std::vector<int64_t> out;
  for (int64_t n : sizes)
    if (n <= max_n) out.push_back(n);
  return out;
}

}  // namespace dsconform
