#ifndef DSCONFORM_HARNESS_TRUTH_RANKS_RANK_STUDY_H_
#define DSCONFORM_HARNESS_TRUTH_RANKS_RANK_STUDY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/record/record.h"
#include "harness/truth/truth_study.h"

namespace dsconform {

// The quantiles of the observed normalized rank error the study reports.
inline constexpr double kRankErrorQuantiles[] = {0.5, 0.9, 0.99, 1.0};
inline constexpr int kNumRankErrorQuantiles = 4;
// The confidence with which DataSketches states a KLL sketch's normalized rank
// error ("a best fit to the 99th percentile of the measured maximum error").
inline constexpr double kStatedRankConfidence = 0.99;

// One kind of error (single-sided for ranks and quantiles, double-sided for
// pmf) of one engine in one series at one n, over its trials.
struct RankMeasure {
  int64_t trials = 0;
  double epsilon = 0;  // the stated normalized rank error (the median of the trials'); NaN: none stated
  double mean = 0;
  double quantiles[kNumRankErrorQuantiles] = {};
  int64_t exceeded = 0;  // trials whose error is above epsilon
  double p_value = 1;    // P[at least `exceeded` of `trials` | each exceeds with probability 1 - 99%]
};

struct RankStudyPoint {
  int64_t n = 0;
  RankMeasure rank, pmf;
};

struct RankStudySeries {
  std::string suite, series, engine;
  std::vector<RankStudyPoint> points;  // by n
};

struct RankStudy {
  std::vector<RankStudySeries> series;  // by suite, series, engine
  // Every point whose error exceeds the stated epsilon more often than 1% with
  // p < alpha (a one-sided binomial test).
  std::vector<StudyFinding> findings;
  int64_t trials = 0;  // samples pooled
};

// Pools the rank samples of the records (rank_samples.h) by suite, series,
// engine and n. Deterministic: the same records in any order give the same
// study.
RankStudy StudyRanks(const std::vector<Record>& records, const StudyOptions& options = {});

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_RANKS_RANK_STUDY_H_
