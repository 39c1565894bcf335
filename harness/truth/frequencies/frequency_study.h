#ifndef DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_STUDY_H_
#define DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_STUDY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/record/record.h"
#include "harness/truth/truth_study.h"

namespace dsconform {

// One engine in one series at one stream weight, over its trials.
struct FrequencyStudyPoint {
  int64_t weight = 0;
  int64_t trials = 0;
  double epsilon = 0;          // the a-priori epsilon (the largest stated); NaN: none stated
  double error_budget = 0;     // max over trials of maximum_error / (epsilon x weight): at most 1 as promised
  double estimate_error = 0;   // max over trials of |estimate - true weight| / weight; NaN: none answered
  int64_t keys = 0;            // bounds judged
  int64_t bound_misses = 0, false_positives = 0, false_negatives = 0;
  int64_t broken() const { return bound_misses + false_positives + false_negatives; }
};

struct FrequencyStudySeries {
  std::string suite, series, engine;
  std::vector<FrequencyStudyPoint> points;  // by weight
};

struct FrequencyStudy {
  std::vector<FrequencyStudySeries> series;  // by suite, series, engine
  // Every point where a guarantee broke: the guarantees are not statistical,
  // so one broken promise in any trial is a finding.
  std::vector<StudyFinding> findings;
  int64_t trials = 0;
};

// Pools the frequency samples of the records (frequency_samples.h) by suite,
// series, engine and weight. Deterministic: the same records in any order give
// the same study.
FrequencyStudy StudyFrequencies(const std::vector<Record>& records);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_STUDY_H_
