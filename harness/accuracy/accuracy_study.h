#ifndef DSCONFORM_HARNESS_ACCURACY_ACCURACY_STUDY_H_
#define DSCONFORM_HARNESS_ACCURACY_ACCURACY_STUDY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/accuracy/rank_accuracy_study.h"
#include "harness/record/record.h"

namespace dsconform {

// The quantiles of the relative error the study reports: the median and the
// Gaussian +-1, 2, 3 standard deviation levels, as in the DataSketches
// characterization plots.
inline constexpr double kErrorQuantiles[] = {0.00135, 0.02275, 0.15866, 0.5, 0.84134, 0.97725, 0.99865};
inline constexpr int kNumErrorQuantiles = 7;
// The epsilons of the (epsilon, delta) view.
inline constexpr double kEpsilons[] = {0.01, 0.02, 0.05, 0.1};
inline constexpr int kNumEpsilons = 4;

struct StudyOptions {
  double alpha = 0.001;       // a coverage this unlikely under the nominal level is a finding
  double rms_margin = 1.1;    // RMS above margin x stated RSE, and significantly so, is a finding
};

// One bound (lower, upper or both) at one number of standard deviations.
struct Coverage {
  int64_t trials = 0;   // trials that reported this bound
  int64_t covered = 0;
  double nominal = 0;   // what a Gaussian error model promises
  double p_value = 1;   // P[at most `covered` | nominal]
};

// The trials of one engine in one series at one true count.
struct StudyPoint {
  int64_t truth = 0;
  int64_t trials = 0;
  double stated_rse = 0;  // NaN when the library states none
  double mean = 0, rms = 0;
  double rms_p_value = 1;  // P[RMS this large | Gaussian errors of the stated RSE]
  double quantiles[kNumErrorQuantiles] = {};
  Coverage lower[3], upper[3], both[3];  // lb <= truth; ub >= truth; lb <= truth <= ub
  double exceed[kNumEpsilons] = {};      // observed P[|relative error| > epsilon]
};

struct StudySeries {
  std::string suite, series, engine;
  std::vector<StudyPoint> points;  // by truth
};

struct StudyFinding {
  std::string suite, series, engine;
  int64_t truth = 0;
  std::string text;
};

struct AccuracyStudy {
  std::vector<StudySeries> series;  // by suite, series, engine
  std::vector<StudyFinding> findings;
  int64_t trials = 0;  // samples pooled
  RankStudy rank;      // quantiles sketches against the exact ranks (rank_accuracy_study.h); findings above
};

// Pools the accuracy samples of the records (the self-check records of cases
// with truth) by suite, series, engine and truth. Deterministic: the same
// records in any order give the same study.
AccuracyStudy StudyAccuracy(const std::vector<Record>& records, const StudyOptions& options = {});

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ACCURACY_ACCURACY_STUDY_H_
