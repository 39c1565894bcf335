// req.continue: an estimation-mode image read and continued until level 0
// compacts exactly once more. A compactor's coin is not in the image, and
// that compaction is at an odd state, where the libraries use the opposite
// of the last coin instead of a fresh one: so the continued sketch depends on
// how the reader restores the coin, and on nothing random else. The writer
// pins its bits (a "lang." image); each reader continues with its own read
// pinned to `read_seed`, and the continued image is compared across languages.
#include "absl/strings/str_cat.h"
#include "sketches/req/req_suites.h"

namespace dsconform {
namespace {

class ReqContinue final : public Suite {
 public:
  std::string name() const override { return "req.continue"; }
  std::string description() const override {
    return "a sketch of 6k items (one compaction) written with pinned bits, read by every engine with its reader's "
           "bits pinned, and continued by 6.5k items: exactly one more level-0 compaction, at an odd state";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke ? std::vector<int>{4} : std::vector<int>{4, 12, 50};
    const int seeds = scale == SuiteScale::kSmoke ? 4 : 8;
    std::vector<Case> cases;
    for (bool hra : {true, false})
      for (int k : ks)
        for (int seed = 1; seed <= seeds; ++seed) cases.push_back(MakeCase(k, hra, seed));
    return cases;
  }

 private:
  Case MakeCase(int k, bool hra, int read_seed) const {
    CaseBuilder b(absl::StrCat("req/continue/mode=", ReqModeName(hra), "/k=", k, "/read_seed=", read_seed), name(),
                  "req");
    const int64_t n = ReqFirstCompaction(k);
    // 6k items: level 0 compacts once (state 0 -> 1). 6.5k more: it compacts once again (at state 1)
    // and level 1 stays below its capacity (seen in the images for k 4, 12 and 50: compactor states
    // 1, 0 before, 2, 0 after; docs/findings-req.md#rq13).
    const int64_t more = 13 * int64_t{k} / 2;
    AddReqCreate(b, "a", k, hra);
    b.Update("a", ReqItems(0, n, ItemOrder::kShuffled, 31), {{"seed", 4242}})
        .Step("serialize", "a", {{"form", "compact"}, {"as", "lang.a"}})
        .Cross({"lang.a.compact"});
    b.Step("deserialize", "cont", {{"image", "lang.a.compact"}, {"item", "float"}, {"seed", read_seed}})
        .Update("cont", ReqItems(n, more, ItemOrder::kShuffled, 32), {{"seed", 1000 + read_seed}})
        .Step("serialize", "cont", {{"form", "compact"}})
        .Step("query", "cont", {{"queries", {"n", "num_retained", "quantiles"}}, {"ranks", RankGrid()}});
    return b.Build();
  }
};

}  // namespace

const Suite& ReqContinueSuite() {
  static const ReqContinue* suite = new ReqContinue();
  return *suite;
}

}  // namespace dsconform
