#include "harness/truth/distinct/distinct_trials.h"

#include <cmath>
#include <set>

#include "harness/truth/distinct/distinct_count.h"
#include "harness/truth/distinct/distinct_entries.h"
#include "harness/case/splitmix64.h"

namespace dsconform {

std::vector<int64_t> HalfOctaveLadder(int64_t max_n) {
  std::set<int64_t> n;
  for (int half_octaves = 0;; ++half_octaves) {
    const int64_t v = std::llround(std::pow(2.0, half_octaves / 2.0));
    if (v > max_n) break;
    n.insert(v);
  }
  return {n.begin(), n.end()};
}

uint64_t TrialSeed(uint64_t config, int trial) {
  return SplitMix64(config * 0x100000001b3ULL + static_cast<uint64_t>(trial)).Next();
}

nlohmann::ordered_json EstimateQueries(const std::string& as) {
  return {{"queries", {"estimate", "lb1", "lb2", "lb3", "ub1", "ub2", "ub3"}}, {"as", as}};
}

void GrowTo(CaseBuilder& b, const std::string& slot, uint64_t seed, int64_t* fed, int64_t target) {
  if (target <= *fed) return;
  b.Update(slot, Random(SplitMix64SeedAfter(seed, *fed), target - *fed));
  *fed = target;
}

void DistinctTruths::Add(const std::string& slot, const std::string& as, const std::string& rse,
                         const std::string& series) {
  for (; followed_ < b_.ops().size(); ++followed_) sets_.Follow(b_.ops()[followed_]);
  AddDistinctTruth(b_, {as, DistinctCount(sets_.Of(slot).value()).value(), rse, series});
}

}  // namespace dsconform
