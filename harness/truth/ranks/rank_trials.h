#ifndef DSCONFORM_HARNESS_TRUTH_RANKS_RANK_TRIALS_H_
#define DSCONFORM_HARNESS_TRUTH_RANKS_RANK_TRIALS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace dsconform {

// What the randomized quantiles families' accuracy studies (KLL, classic
// Quantiles) share to lay out their trials.

// Stream lengths 4, 16, 64, ... up to max_n: from exact mode to many levels.
std::vector<int64_t> RankTrialLadder(int64_t max_n);

// Independent, reproducible seeds per configuration (a text naming it), trial
// and salt (one salt per use: item order, random bits, ...).
uint64_t RankTrialSeed(const std::string& config, int trial, uint64_t salt);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_RANKS_RANK_TRIALS_H_
