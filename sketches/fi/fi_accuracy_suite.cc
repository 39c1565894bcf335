// fi.accuracy: the guarantees of a frequent-items sketch against the exact
// weight of every item (harness/truth/frequencies/). Each trial feeds one
// sketch a Zipf-like stream: tier t holds 2^t items of weight W / 2^t, the
// tiers shuffled by the trial's seed and each tier's items too, so a few items
// weigh much and many weigh little, from exact mode (fewer distinct items than
// the map holds) to many purges; half the trials end in a merge of two sketches
// of different map sizes. Every guarantee is judged on every engine's own
// answers: bounds of the keys asked and of every listed row, no false
// positives at the threshold, no false negatives above the maximum error, the
// maximum error within epsilon x weight.
#include <algorithm>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "harness/truth/frequencies/frequency_entries.h"
#include "sketches/fi/fi_suites.h"

namespace dsconform {
namespace {

// The largest tier holds 2^(tiers-1) items; keys asked per trial at most this many.
constexpr int64_t kMaxKeys = 256;

// SplitMix64: the trial's shuffles, the same on every machine.
uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

class FiAccuracy final : public Suite {
 public:
  std::string name() const override { return "fi.accuracy"; }
  std::string description() const override {
    return "Zipf-like streams (tier t: 2^t items of weight 2^(tiers-1-t)) into sketches of lg_max_map_size 3 to 10, "
           "long and string, from exact mode through many purges, alone or merged with a sketch of another map size; "
           "every guarantee judged against the exact weights (frequency_truth)";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> lgs = scale == SuiteScale::kSmoke ? std::vector<int>{3, 6} : std::vector<int>{3, 6, 10};
    const int trials = scale == SuiteScale::kSmoke ? 2 : scale == SuiteScale::kReduced ? 8 : 64;
    std::vector<Case> cases;
    for (const std::string& item : FiItemTypes())
      for (int lg : lgs)
        for (int tiers : {lg, lg + 4, lg + 8})  // 2^tiers - 1 distinct items: below, above and far above the map
          for (int trial = 0; trial < trials; ++trial) cases.push_back(MakeCase(item, lg, tiers, trial));
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, int lg, int tiers, int trial) const {
    const std::string series = absl::StrCat("lg=", lg, " ", item, " tiers=", tiers);
    const bool merged = trial % 2 == 1;
    CaseBuilder b(absl::StrCat("fi/accuracy/item=", item, "/lg=", lg, "/tiers=", tiers, merged ? "/merged" : "",
                               "/trial=", trial),
                  name(), "fi");
    const uint64_t seed = Mix(static_cast<uint64_t>(lg) << 40 | static_cast<uint64_t>(tiers) << 32 |
                              static_cast<uint64_t>(trial) | (item == "string" ? 1ULL << 48 : 0));
    std::vector<int> order(static_cast<size_t>(tiers));
    std::iota(order.begin(), order.end(), 0);
    uint64_t state = seed;
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[(state = Mix(state)) % i]);
    b.Step("create", "a", {{"item", item}, {"lg_max_map_size", lg}});
    if (merged) b.Step("create", "b", {{"item", item}, {"lg_max_map_size", lg + 1}});
    int64_t weight = 0;
    for (size_t i = 0; i < order.size(); ++i) {
      const int t = order[i];
      const int64_t first = (int64_t{1} << t) - 1, count = int64_t{1} << t, w = int64_t{1} << (tiers - 1 - t);
      const std::string slot = merged && i % 2 == 1 ? "b" : "a";
      b.Update(slot, FiItems(item, first, count, Mix(seed + static_cast<uint64_t>(t)) | 1),
               w == 1 ? nlohmann::ordered_json::object() : nlohmann::ordered_json{{"weight", w}});
      weight += count * w;
    }
    if (merged) b.Step("merge", "a", {{"from", "b"}});
    // The heaviest items, a few of every tier, and one never fed.
    std::vector<std::string> keys;
    for (int t = 0; t < tiers && static_cast<int64_t>(keys.size()) < kMaxKeys; ++t)
      for (int64_t v = (int64_t{1} << t) - 1; v < std::min((int64_t{1} << (t + 1)) - 1, (int64_t{1} << t) + 7); ++v)
        keys.push_back(FiKey(item, v));
    keys.push_back(FiKey(item, (int64_t{1} << tiers) + 5));
    const int64_t threshold = int64_t{1} << (tiers / 2);
    AddFiQuery(b, "a", "q", keys, threshold, false);
    AddFrequencyTruth(b, {"q", weight, series});
    AddFrequencyTruth(b, {"q_t", weight, series});
    return b.Build();
  }
};

}  // namespace

const Suite& FiAccuracySuite() {
  static const FiAccuracy* suite = new FiAccuracy();
  return *suite;
}

}  // namespace dsconform
