#include "harness/truth/frequencies/frequency_study.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

#include "absl/strings/str_format.h"
#include "harness/truth/frequencies/frequency_samples.h"

namespace dsconform {
namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // suite, series, engine

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The larger of two, NaN standing for "none yet": max() is order-independent, so records may come in any order.
double Larger(double a, double b) { return std::isnan(a) ? b : std::isnan(b) ? a : std::max(a, b); }

FrequencyStudyPoint Pool(int64_t weight, const std::vector<const FrequencySample*>& samples) {
  FrequencyStudyPoint p;
  p.weight = weight;
  p.epsilon = p.error_budget = p.estimate_error = kNaN;
  for (const FrequencySample* s : samples) {
    ++p.trials;
    p.epsilon = Larger(p.epsilon, s->epsilon);
    if (s->epsilon > 0 && weight > 0 && !std::isnan(s->maximum_error))
      p.error_budget = Larger(p.error_budget, s->maximum_error / (s->epsilon * static_cast<double>(weight)));
    if (weight > 0) p.estimate_error = Larger(p.estimate_error, s->estimate_error / static_cast<double>(weight));
    p.keys += s->keys;
    p.bound_misses += s->bound_misses;
    p.false_positives += s->false_positives;
    p.false_negatives += s->false_negatives;
  }
  return p;
}

}  // namespace

FrequencyStudy StudyFrequencies(const std::vector<Record>& records) {
  std::map<Key, std::map<int64_t, std::vector<const FrequencySample*>>> pooled;
  FrequencyStudy study;
  for (const Record& r : records) {
    const FrequencySamples* samples = FrequencySamplesOf(r);
    if (samples == nullptr) continue;
    for (const FrequencySample& s : samples->samples) {
      pooled[{r.suite, s.series, r.candidate}][s.weight].push_back(&s);
      ++study.trials;
    }
  }
  for (const auto& [key, by_weight] : pooled) {
    FrequencyStudySeries s;
    std::tie(s.suite, s.series, s.engine) = key;
    for (const auto& [weight, samples] : by_weight) {
      const FrequencyStudyPoint p = Pool(weight, samples);
      if (p.broken() > 0)
        study.findings.push_back(
            {s.suite, s.series, s.engine, weight,
             absl::StrFormat("guarantees broken over %d trials: %d true weights outside [lower, upper] of %d "
                             "judged, %d false positives, %d false negatives",
                             p.trials, p.bound_misses, p.keys, p.false_positives, p.false_negatives)});
      if (p.error_budget > 1)
        study.findings.push_back({s.suite, s.series, s.engine, weight,
                                  absl::StrFormat("maximum error %.4g x the a-priori epsilon x weight (%.6g)",
                                                  p.error_budget, p.epsilon)});
      s.points.push_back(p);
    }
    study.series.push_back(std::move(s));
  }
  return study;
}

}  // namespace dsconform
