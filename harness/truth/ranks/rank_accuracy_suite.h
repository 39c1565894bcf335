#ifndef DSCONFORM_HARNESS_TRUTH_RANKS_RANK_ACCURACY_SUITE_H_
#define DSCONFORM_HARNESS_TRUTH_RANKS_RANK_ACCURACY_SUITE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "harness/case/item_stream.h"
#include "harness/family/family.h"

namespace dsconform {

// The accuracy study of a randomized quantiles family (KLL, classic Quantiles): many seeded
// trials whose answers are judged against the exact ranks of their items (rank_truth.h): per k,
// item type, input order and stream length n, each trial a fresh permutation of n values and its
// own random bits for the compactions, so the study sees the spread of the error that the
// library's stated epsilon (99% confidence) describes. One case per trial and n: trials shard
// over workers and machines. A family gives its sizes and its items; the rest is the same.

// What a study holds at one scale.
struct RankStudySize {
  std::vector<int> ks;
  std::vector<std::string> items;
  std::vector<ItemOrder> orders;
  int trials = 0;
  int64_t max_n = 0;
  // The series with enough trials to test a 1% tail: double items, shuffled (0: `trials`).
  int main_series_trials = 0;
};

struct RankAccuracyStudy {
  std::string family;  // the suite is "<family>.accuracy", its cases "<family>/accuracy/..."
  std::function<RankStudySize(SuiteScale)> size;
  // `count` values from `start` as items of `item_type` in `order` (shuffled by `seed`).
  std::function<ItemStream(const std::string& item_type, int64_t start, int64_t count, ItemOrder order,
                           uint64_t seed)>
      items;
};

std::unique_ptr<Suite> MakeRankAccuracySuite(RankAccuracyStudy study);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_RANKS_RANK_ACCURACY_SUITE_H_
