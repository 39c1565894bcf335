#include "harness/truth/ranks/rank_trials.h"

#include "harness/case/splitmix64.h"

namespace dsconform {

std::vector<int64_t> RankTrialLadder(int64_t max_n) {
  std::vector<int64_t> n;
  for (int64_t v = 4; v <= max_n; v *= 4) n.push_back(v);
  return n;
}

uint64_t RankTrialSeed(const std::string& config, int trial, uint64_t salt) {
  uint64_t h = salt;
  for (char c : config) h = SplitMix64(h ^ static_cast<unsigned char>(c)).Next();
  return SplitMix64(h + static_cast<uint64_t>(trial)).Next();
}

}  // namespace dsconform
