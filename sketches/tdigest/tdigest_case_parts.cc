// What the t-digest suites share: the item streams and the query step.
#include "absl/strings/str_cat.h"
#include "harness/truth/ranks/rank_grids.h"
#include "sketches/tdigest/tdigest_family.h"
#include "sketches/tdigest/tdigest_suites.h"

namespace dsconform {

std::vector<const Suite*> TdigestSuites() {
  return {&TdigestStreamsSuite(), &TdigestSpecialsSuite(), &TdigestMergesSuite(), &TdigestAccuracySuite()};
}

std::vector<std::string> TdigestItemTypes() {
  std::vector<std::string> types;
  for (const auto& m : families::tdigest().vocabulary().FindStep("create")->members)
    if (m.name == "item")
      for (const auto& v : m.values) types.push_back(v.get<std::string>());
  return types;
}

ItemStream TdigestItems(int64_t start, int64_t count, ItemOrder order, uint64_t shuffle_seed) {
  ItemStream s;
  s.generator = ItemGenerator::kOrderedDoubles;
  s.start = start;
  s.count = count;
  s.order = order;
  s.seed = order == ItemOrder::kShuffled ? shuffle_seed : 0;
  return s;
}

void AddTdigestQuery(CaseBuilder& b, const std::string& slot, const std::string& as, int64_t start, int64_t n) {
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : families::tdigest().vocabulary().queries()) {
    if (q.native_only) continue;
    if (n == 0 && (!q.grid.empty() || q.name == "min" || q.name == "max")) continue;  // both throw on an empty digest
    queries.push_back(q.name);
  }
  nlohmann::ordered_json args = {{"queries", queries}};
  if (as != slot) args["as"] = as;
  if (n > 0) {
    args["ranks"] = RankGrid();
    args["points"] = PointGrid("double", start, n);
  }
  b.Step("query", slot, args);
}

}  // namespace dsconform
