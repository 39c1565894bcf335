// quantiles.merges: the union of three sketches of different k, in every
// order of the three, into a target of the smallest or the largest k (the
// union's k: the result takes the smaller, downsampling the larger). Exact
// inputs (all below 2k of the smallest k, few enough to stay there) must
// give the same bytes everywhere; estimation-mode inputs are merged with the
// random bits pinned (a "lang." image) and read back by every engine.
#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "sketches/quantiles/quantiles_suites.h"

namespace dsconform {
namespace {

class QuantilesMerges final : public Suite {
 public:
  std::string name() const override { return "quantiles.merges"; }
  std::string description() const override {
    return "three sketches of k 8, 16 and 32 merged in all 6 orders into a target of k 8 or 32, exact and past "
           "several levels: images, every query, and the merged image read by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<std::string> items =
        scale == SuiteScale::kSmoke ? std::vector<std::string>{"double"} : QuantilesItemTypes();
    std::vector<Case> cases;
    for (const std::string& item : items)
      for (const char* mode : {"exact", "estimation"})
        for (int target_k : {8, 32}) {
          std::array<int, 3> order = {0, 1, 2};
          do {
            cases.push_back(MakeCase(item, mode, target_k, order));
          } while (std::next_permutation(order.begin(), order.end()));
        }
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, const std::string& mode, int target_k, const std::array<int, 3>& order) const {
    const bool exact = mode == "exact";
    const std::array<int, 3> ks = {8, 16, 32};
    // Exact: 3+4+5 items, below 2*8. Estimation: across several levels of each.
    const std::array<int64_t, 3> ns = exact ? std::array<int64_t, 3>{3, 4, 5} : std::array<int64_t, 3>{100, 1000, 333};
    const std::string order_name = absl::StrCat(order[0], order[1], order[2]);
    CaseBuilder b(absl::StrCat("quantiles/merges/item=", item, "/mode=", mode, "/target_k=", target_k,
                               "/order=", order_name),
                  name(), "quantiles");
    const std::string pre = exact ? "" : "lang.";
    int64_t start = 0;
    const char* slots[] = {"x", "y", "z"};
    for (int i = 0; i < 3; ++i) {
      nlohmann::ordered_json seed = nlohmann::ordered_json::object();
      if (!exact) seed["seed"] = 100 + i;
      b.Step("create", slots[i], {{"k", ks[i]}, {"item", item}})
          .Update(slots[i], QuantilesItems(item, start, ns[i], ItemOrder::kShuffled, 20 + i), seed);
      start += ns[i];
    }
    b.Step("create", "u", {{"k", target_k}, {"item", item}});
    for (int i : order) {
      nlohmann::ordered_json args = {{"from", slots[i]}};
      if (!exact) args["seed"] = 200 + i;
      b.Step("merge", "u", args);
    }
    b.Step("serialize", "u", {{"form", "compact"}, {"as", pre + "u"}});
    AddQuantilesQuery(b, "u", pre + "u", item, 0, start);
    b.Cross({pre + "u.compact"});
    b.Step("deserialize", "r", {{"image", pre + "u.compact"}, {"item", item}})
        .Step("serialize", "r", {{"form", "compact"}});
    AddQuantilesQuery(b, "r", "r", item, 0, start);
    return b.Build();
  }
};

}  // namespace

const Suite& QuantilesMergesSuite() {
  static const QuantilesMerges* suite = new QuantilesMerges();
  return *suite;
}

}  // namespace dsconform
