// fi.merges: three inputs merged in every one of the 6 orders, into a sketch
// rebuilt like the first input (the same updates, so the same map), with
// empty inputs, inputs of different map sizes and inputs past many purges.
// Deterministic, so every library must agree bit for bit on every merged image
// and answer; in the cross stage every engine reads the three images of every
// other and merges them in the same order.
#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "sketches/fi/fi_suites.h"

namespace dsconform {
namespace {

// One input: its map size and the items 'start..start+n-1' once, then the first
// 'heavy' of them `weight` times more in one weighted update.
struct Input {
  int lg;
  int64_t start;
  int64_t n;
  int64_t heavy;
  int64_t weight;
};

struct Config {
  std::string name;
  std::array<Input, 3> inputs;
};

class FiMerges final : public Suite {
 public:
  std::string name() const override { return "fi.merges"; }
  std::string description() const override {
    return "3 inputs (empty, of different map sizes, past many purges, long and string) merged in all 6 orders into "
           "a sketch rebuilt like the first; every merged image and answer; every engine merging every other's images";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Config> configs;
    configs.push_back({"same_lg", {Input{6, 0, 40, 5, 3}, Input{6, 20, 40, 5, 4}, Input{6, 50, 30, 2, 9}}});
    configs.push_back({"one_empty", {Input{5, 0, 30, 3, 5}, Input{4, 0, 0, 0, 1}, Input{6, 10, 60, 4, 2}}});
    configs.push_back({"all_empty", {Input{3, 0, 0, 0, 1}, Input{5, 0, 0, 0, 1}, Input{8, 0, 0, 0, 1}}});
    if (scale != SuiteScale::kSmoke) {
      configs.push_back({"lg_3_6_10", {Input{3, 0, 50, 4, 20}, Input{6, 25, 500, 8, 50}, Input{10, 0, 3000, 10, 7}}});
      configs.push_back({"purged", {Input{4, 0, 2000, 6, 300}, Input{4, 1000, 2000, 6, 200}, Input{5, 3, 5000, 3, 1000}}});
      configs.push_back({"small_into_large", {Input{12, 0, 100, 10, 2}, Input{3, 0, 1000, 3, 100}, Input{3, 500, 1000, 3, 100}}});
    }
    if (scale == SuiteScale::kFull) {
      configs.push_back({"many_purges", {Input{6, 0, 100000, 10, 5000}, Input{8, 50000, 200000, 10, 3000},
                                         Input{3, 7, 50000, 2, 100000}}});
      configs.push_back({"lg_16", {Input{16, 0, 60000, 10, 9}, Input{16, 30000, 60000, 10, 9}, Input{3, 0, 100, 2, 1}}});
    }
    std::vector<Case> cases;
    for (const std::string& item : FiItemTypes()) {
      const std::vector<std::string> impls = item == "long" ? std::vector<std::string>{"longs", "items"}
                                                 : std::vector<std::string>{""};
      for (const std::string& impl : impls)
        for (const Config& c : configs) cases.push_back(MakeCase(item, impl, c));
    }
    return cases;
  }

 private:
  static void Build(CaseBuilder& b, const std::string& slot, const std::string& item, const std::string& impl,
                    const Input& in, uint64_t seed) {
    nlohmann::ordered_json create = FiImplMembers(item, impl);
    create["lg_max_map_size"] = in.lg;
    b.Step("create", slot, create);
    if (in.n > 0) b.Update(slot, FiItems(item, in.start, in.n, seed));
    if (in.heavy > 0) b.Update(slot, FiItems(item, in.start, in.heavy, 0), {{"weight", in.weight}});
  }

  Case MakeCase(const std::string& item, const std::string& impl, const Config& c) const {
    const std::string impl_part = impl.empty() ? "" : absl::StrCat("/impl=", impl);
    CaseBuilder b(absl::StrCat("fi/merges/item=", item, impl_part, "/", c.name), name(), "fi");
    const std::array<std::string, 3> names = {"a", "b", "c"};
    std::vector<std::string> keys;
    for (int i = 0; i < 3; ++i) {
      Build(b, names[i], item, impl, c.inputs[i], 40 + i);
      b.Step("serialize", names[i], {{"form", "compact"}});
      keys.push_back(FiKey(item, c.inputs[i].start));
      keys.push_back(FiKey(item, c.inputs[i].start + c.inputs[i].n / 2));
    }
    int64_t total = 0;
    int max_lg = 0;
    for (const Input& in : c.inputs) {
      total += in.n;
      max_lg = std::max(max_lg, in.lg);
    }
    const bool lists = std::min(total, FiCapacity(max_lg)) <= kFiMaxListed;
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    std::array<int, 3> order = {0, 1, 2};
    do {
      const std::string m = absl::StrCat("m_", names[order[0]], names[order[1]], names[order[2]]);
      Build(b, m, item, impl, c.inputs[order[0]], 40 + order[0]);
      b.Step("merge", m, {{"from", names[order[1]]}}).Step("merge", m, {{"from", names[order[2]]}});
      b.Step("serialize", m, {{"form", "compact"}});
      AddFiQuery(b, m, m, keys, std::nullopt, false, lists);
    } while (std::next_permutation(order.begin(), order.end()));
    b.Cross({"a.compact", "b.compact", "c.compact"});
    nlohmann::ordered_json read = FiImplMembers(item, impl);
    for (const std::string& n : names) {
      read["image"] = n + ".compact";
      b.Step("deserialize", "r" + n, read);
    }
    b.Step("merge", "ra", {{"from", "rb"}}).Step("merge", "ra", {{"from", "rc"}}).Step("serialize", "ra", {{"form", "compact"}});
    AddFiQuery(b, "ra", "ra", keys, std::nullopt, false, lists);
    return b.Build();
  }
};

}  // namespace

const Suite& FiMergesSuite() {
  static const FiMerges* suite = new FiMerges();
  return *suite;
}

}  // namespace dsconform
