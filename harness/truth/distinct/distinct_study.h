#ifndef DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_STUDY_H_
#define DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_STUDY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/record/record.h"
#include "harness/truth/truth_study.h"

namespace dsconform {

// The quantiles of the relative error the study reports: the median and the
// Gaussian +-1, 2, 3 standard deviation levels, as in the DataSketches
// characterization plots.
inline constexpr double kErrorQuantiles[] = {0.00135, 0.02275, 0.15866, 0.5, 0.84134, 0.97725, 0.99865};
inline constexpr int kNumErrorQuantiles = 7;
// The epsilons of the (epsilon, delta) view.
inline constexpr double kEpsilons[] = {0.01, 0.02, 0.05, 0.1};
inline constexpr int kNumEpsilons = 4;

// An RMS error above this many times the stated RSE, and significantly so (p < alpha), is a finding.
inline constexpr double kRmsMargin = 1.1;

// One bound (lower, upper or both) at one number of standard deviations.
struct Coverage {
  int64_t trials = 0;   // trials that reported this bound
  int64_t covered = 0;
  double nominal = 0;   // what a Gaussian error model promises
  double p_value = 1;   // P[at most `covered` | nominal]
};

// The trials of one engine in one series at one true count.
struct DistinctPoint {
  int64_t truth = 0;
  int64_t trials = 0;
  double stated_rse = 0;  // NaN when the library states none
  double mean = 0, rms = 0;
  double rms_p_value = 1;  // P[RMS this large | Gaussian errors of the stated RSE]
  double quantiles[kNumErrorQuantiles] = {};
  Coverage lower[3], upper[3], both[3];  // lb <= truth; ub >= truth; lb <= truth <= ub
  double exceed[kNumEpsilons] = {};      // observed P[|relative error| > epsilon]
};

struct DistinctSeries {
  std::string suite, series, engine;
  std::vector<DistinctPoint> points;  // by truth
};

struct DistinctStudy {
  std::vector<DistinctSeries> series;  // by suite, series, engine
  std::vector<StudyFinding> findings;  // coverage below nominal, RMS above the stated RSE (p < alpha)
  int64_t trials = 0;                  // samples pooled
};

// Pools the distinct-count samples of the records (distinct_samples.h) by
// suite, series, engine and truth. Deterministic: the same records in any
// order give the same study.
DistinctStudy StudyDistinct(const std::vector<Record>& records, const StudyOptions& options = {});

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_STUDY_H_
