#ifndef DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_TRIALS_H_
#define DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_TRIALS_H_

// The pieces every distinct-count accuracy suite builds its trials from, so
// that their ladders, seeds and queries mean the same in every family.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"
#include "harness/truth/slot_items.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// How many trials a configuration has at each scale (0: not at this scale).
// A trial is the same case at every scale, so `repro` finds it in the full one.
struct Trials {
  int smoke, reduced, full;
  int At(SuiteScale scale) const {
    return scale == SuiteScale::kSmoke ? smoke : scale == SuiteScale::kReduced ? reduced : full;
  }
};

// A recipe per trial of each configuration of `configs` (each with its `trials`), in order: the
// case of configuration index `config` and trial `trial` is make(config, trial).
template <typename Config, size_t N, typename Make>
std::vector<CaseRecipe> TrialRecipes(const Config (&configs)[N], SuiteScale scale, Make make) {
  std::vector<CaseRecipe> recipes;
  for (size_t config = 0; config < N; ++config)
    for (int trial = 0; trial < configs[config].trials.At(scale); ++trial)
      recipes.push_back([=] { return make(config, trial); });
  return recipes;
}

// True counts 1, 2, 3, 4, 6, 8, 11, 16, ... up to max_n: two per octave, as in
// the DataSketches characterization plots.
std::vector<int64_t> HalfOctaveLadder(int64_t max_n);

// Independent, reproducible seeds: SplitMix64 of the configuration and trial.
uint64_t TrialSeed(uint64_t config, int trial);

// The queries whose fields the accuracy check reads, under `as`.
nlohmann::ordered_json EstimateQueries(const std::string& as);

// Feeds `slot` up to `target` items of the splitmix64 stream of `seed`, of
// which `*fed` were fed already (the next update continues the stream).
void GrowTo(CaseBuilder& b, const std::string& slot, uint64_t seed, int64_t* fed, int64_t target);

// Attaches distinct-count truths to the case a builder is building: Add
// follows the steps added since the last call (SlotItemSets) and adds the
// truth of `slot` as `as` (a DistinctTruth, distinct_entries.h). The suite built the slot from splitmix64 and sequence streams, so the
// truth exists (else it aborts).
class DistinctTruths {
 public:
  explicit DistinctTruths(CaseBuilder& b) : b_(b) {}
  void Add(const std::string& slot, const std::string& as, const std::string& rse, const std::string& series);

 private:
  CaseBuilder& b_;
  SlotItemSets sets_;
  size_t followed_ = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_TRIALS_H_
