// req.merges: three sketches of k 8, 12 and 16 merged in every order of the
// three into a target of k 8 or 16, in both rank accuracy modes. Exact
// inputs (few enough that the target never compacts) must give the same
// bytes everywhere; estimation-mode inputs are built and merged with the
// random bits pinned (a "lang." image) and read back by every engine.
#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "sketches/req/req_suites.h"

namespace dsconform {
namespace {

class ReqMerges final : public Suite {
 public:
  std::string name() const override { return "req.merges"; }
  std::string description() const override {
    return "three sketches of k 8, 12 and 16 merged in all 6 orders into a target of k 8 or 16, both modes, exact "
           "and past several compactions: images, every query, and the merged image read by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<bool> modes =
        scale == SuiteScale::kSmoke ? std::vector<bool>{true} : std::vector<bool>{true, false};
    std::vector<Case> cases;
    for (bool hra : modes)
      for (const char* mode : {"exact", "estimation"})
        for (int target_k : {8, 16}) {
          std::array<int, 3> order = {0, 1, 2};
          do {
            cases.push_back(MakeCase(hra, mode, target_k, order));
          } while (std::next_permutation(order.begin(), order.end()));
        }
    return cases;
  }

 private:
  Case MakeCase(bool hra, const std::string& mode, int target_k, const std::array<int, 3>& order) const {
    const bool exact = mode == "exact";
    const std::array<int, 3> ks = {8, 12, 16};
    // Exact: 3+4+5 items, below 6*8. Estimation: across several compactions of each.
    const std::array<int64_t, 3> ns = exact ? std::array<int64_t, 3>{3, 4, 5} : std::array<int64_t, 3>{100, 1000, 333};
    const std::string order_name = absl::StrCat(order[0], order[1], order[2]);
    CaseBuilder b(absl::StrCat("req/merges/mode=", ReqModeName(hra), "/inputs=", mode, "/target_k=", target_k,
                               "/order=", order_name),
                  name(), "req");
    const std::string pre = exact ? "" : "lang.";
    int64_t start = 0;
    const char* slots[] = {"x", "y", "z"};
    for (int i = 0; i < 3; ++i) {
      nlohmann::ordered_json seed = nlohmann::ordered_json::object();
      if (!exact) seed["seed"] = 100 + i;
      AddReqCreate(b, slots[i], ks[i], hra);
      b.Update(slots[i], ReqItems(start, ns[i], ItemOrder::kShuffled, 20 + i), seed);
      start += ns[i];
    }
    AddReqCreate(b, "u", target_k, hra);
    for (int i : order) {
      nlohmann::ordered_json args = {{"from", slots[i]}};
      if (!exact) args["seed"] = 200 + i;
      b.Step("merge", "u", args);
    }
    b.Step("serialize", "u", {{"form", "compact"}, {"as", pre + "u"}});
    AddReqQuery(b, "u", pre + "u", 0, start);
    b.Cross({pre + "u.compact"});
    b.Step("deserialize", "r", {{"image", pre + "u.compact"}, {"item", "float"}})
        .Step("serialize", "r", {{"form", "compact"}});
    AddReqQuery(b, "r", "r", 0, start);
    return b.Build();
  }
};

}  // namespace

const Suite& ReqMergesSuite() {
  static const ReqMerges* suite = new ReqMerges();
  return *suite;
}

}  // namespace dsconform
