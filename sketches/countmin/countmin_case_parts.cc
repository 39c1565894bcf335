// What the Count-min suites share: the create members, the query and estimate
// steps, and the cross stage.
#include "absl/strings/str_cat.h"
#include "sketches/countmin/countmin_family.h"
#include "sketches/countmin/countmin_suites.h"

namespace dsconform {

std::vector<const Suite*> CountminSuites() {
  return {&CountminShapesSuite(), &CountminItemsSuite(), &CountminSeedsSuite(), &CountminMergesSuite(),
          &CountminSuggestSuite(), &CountminAccuracySuite()};
}

std::vector<std::string> CountminWeightTypes() {
  std::vector<std::string> types;
  for (const auto& m : families::countmin().vocabulary().FindStep("create")->members)
    if (m.name == "weight")
      for (const auto& v : m.values) types.push_back(v.get<std::string>());
  return types;
}

nlohmann::ordered_json CountminCreate(int num_hashes, int64_t num_buckets, const std::string& weight,
                                      std::optional<int64_t> seed) {
  nlohmann::ordered_json m = {{"num_hashes", num_hashes}, {"num_buckets", num_buckets}};
  if (seed) m["seed"] = *seed;
  m["weight"] = weight;
  return m;
}

void AddCountminQuery(CaseBuilder& b, const std::string& slot, const std::string& as, bool native) {
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : families::countmin().vocabulary().queries())
    if (native || !q.native_only) queries.push_back(q.name);
  nlohmann::ordered_json args = {{"queries", queries}};
  if (as != slot) args["as"] = as;
  b.Step("query", slot, args);
}

void AddCountminEstimates(CaseBuilder& b, const std::string& slot, const std::string& as, const ItemStream& items) {
  ItemStream queried = items;
  if (queried.count > kCountminMaxQueried) queried.count = kCountminMaxQueried;
  if (queried.count == 0) return;
  nlohmann::ordered_json args = nlohmann::ordered_json::object();
  if (as != slot) args["as"] = as;
  b.StepWithItems("estimate", slot, queried, args);
}

void AddCountminCross(CaseBuilder& b, const std::string& image, const std::string& weight,
                      std::optional<int64_t> seed, const ItemStream& queried, const ItemStream& more) {
  b.Cross({image});
  nlohmann::ordered_json read = {{"image", image}};
  if (seed) read["seed"] = *seed;
  read["weight"] = weight;
  b.Step("deserialize", "r", read);
  AddCountminQuery(b, "r", "r", false);
  AddCountminEstimates(b, "r", "r", queried);
  if (more.count > 0) b.Update("r", more);
  b.Step("serialize", "r", {{"form", "compact"}});
  AddCountminQuery(b, "r", "r_more", false);
  AddCountminEstimates(b, "r", "r_more", queried);
}

}  // namespace dsconform
