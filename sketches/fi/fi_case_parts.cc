// What the Frequent items suites share: item streams by item type, the keys of
// the grid queries, the query step answering everything, and Java's two long
// implementations.
#include "absl/strings/str_cat.h"
#include "harness/case/item_stream.h"
#include "sketches/fi/fi_family.h"
#include "sketches/fi/fi_suites.h"

namespace dsconform {

std::vector<const Suite*> FiSuites() { return {&FiStreamsSuite(), &FiSkewSuite(), &FiMergesSuite(), &FiAccuracySuite()}; }

std::vector<std::string> FiItemTypes() {
  std::vector<std::string> types;
  for (const auto& m : families::fi().vocabulary().FindStep("create")->members)
    if (m.name == "item")
      for (const auto& v : m.values) types.push_back(v.get<std::string>());
  return types;
}

ItemStream FiItems(const std::string& item_type, int64_t start, int64_t count, uint64_t seed) {
  ItemStream s;
  s.generator = item_type == "long" ? ItemGenerator::kOrderedLongs : ItemGenerator::kOrderedStrings;
  s.start = start;
  s.count = count;
  s.order = seed == 0 ? ItemOrder::kAscending : ItemOrder::kShuffled;
  s.seed = seed;
  return s;
}

std::string FiKey(const std::string& item_type, int64_t v) {
  return item_type == "long" ? absl::StrCat(v) : OrderedStringItem(v);
}

int64_t FiCapacity(int lg_max_map_size) { return (int64_t{3} << lg_max_map_size) / 4; }

void AddFiQuery(CaseBuilder& b, const std::string& slot, const std::string& as, const std::vector<std::string>& keys,
                std::optional<int64_t> threshold, bool native, bool lists) {
  const auto& vocabulary = families::fi().vocabulary().queries();
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : vocabulary) {
    if (q.native_only && !native) continue;
    if (!q.grid.empty() && keys.empty()) continue;
    if (!lists && (q.name == "frequent_nfp" || q.name == "frequent_nfn")) continue;
    queries.push_back(q.name);
  }
  nlohmann::ordered_json args = {{"queries", queries}};
  if (as != slot) args["as"] = as;
  if (!keys.empty()) args["keys"] = keys;
  b.Step("query", slot, args);
  if (threshold && lists) {
    // The maximum error beside the lists: the truth judges no false negatives only above it.
    b.Step("query", slot,
           {{"queries", {"maximum_error", "frequent_nfp", "frequent_nfn"}}, {"as", as + "_t"}, {"threshold", *threshold}});
  }
}

nlohmann::ordered_json FiImplMembers(const std::string& item_type, const std::string& impl) {
  nlohmann::ordered_json m = nlohmann::ordered_json::object();
  m["item"] = item_type;
  if (item_type == "long" && !impl.empty() && impl != "longs") m["impl"] = impl;
  return m;
}

}  // namespace dsconform
