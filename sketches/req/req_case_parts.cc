// What the REQ suites share: the item stream, the create step and the query
// of every answer.
#include "absl/strings/str_cat.h"
#include "sketches/req/req_checks.h"
#include "sketches/req/req_family.h"
#include "sketches/req/req_suites.h"

namespace dsconform {

std::vector<const Suite*> ReqSuites() {
  return {&ReqExactSuite(),    &ReqCrossSuite(),    &ReqMergesSuite(),
          &ReqSpecialsSuite(), &ReqContinueSuite(), &ReqParamsSuite(),
          &ReqAccuracySuite()};
}

ItemStream ReqItems(int64_t start, int64_t count, ItemOrder order, uint64_t shuffle_seed) {
  ItemStream s;
  s.generator = ItemGenerator::kOrderedDoubles;
  s.start = start;
  s.count = count;
  s.order = order;
  s.seed = order == ItemOrder::kShuffled ? shuffle_seed : 0;
  return s;
}

void AddReqCreate(CaseBuilder& b, const std::string& slot, int k, bool hra) {
  b.Step("create", slot, {{"k", k}, {"hra", hra}, {"item", "float"}});
}

void AddReqQuery(CaseBuilder& b, const std::string& slot, const std::string& as, int64_t start, int64_t n) {
  const auto& vocabulary = families::req().vocabulary().queries();
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
    args["points"] = PointGrid("float", start, n);
  }
  b.Step("query", slot, args);
  // Each engine's bounds of one rank must nest (sketches/req/req_checks.h).
  if (n > 0) b.Check("req_bounds_nested", ReqBoundsFields(as, RankGrid().size()));
}

}  // namespace dsconform
