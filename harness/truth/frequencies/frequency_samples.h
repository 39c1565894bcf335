#ifndef DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_SAMPLES_H_
#define DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_SAMPLES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/record/record.h"
#include "harness/truth/truth_samples.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The record member that carries frequency samples.
inline constexpr char kFrequencySamplesMember[] = "frequency_accuracy";

// One engine's answers to one query against the exact item weights (frequency_check.h).
struct FrequencySample {
  std::string of;      // FrequencyTruth::of
  std::string series;  // FrequencyTruth::series
  int64_t weight = 0;  // the true stream weight
  double epsilon = 0;          // the library's a-priori epsilon; NaN when not answered
  double maximum_error = 0;    // the sketch's maximum error; NaN when not answered
  double estimate_error = 0;   // max |estimate - true weight| over the keys; NaN: none answered
  int64_t keys = 0;            // keys whose bounds were judged
  int64_t bound_misses = 0;    // keys (and listed items) whose true weight lies outside [lower, upper]
  int64_t false_positives = 0;   // no-false-positives items at or below the threshold
  int64_t false_negatives = 0;   // items above the threshold missing from the no-false-negatives list
};

// The queries one self-check record judged.
class FrequencySamples final : public TruthSamples {
 public:
  FrequencySamples() = default;
  explicit FrequencySamples(std::vector<FrequencySample> samples) : samples(std::move(samples)) {}

  size_t size() const override { return samples.size(); }
  // [{"of", "series", "weight", "epsilon", "maximum_error", "estimate_error", "keys",
  //   "bound_misses", "false_positives", "false_negatives"}, ...]
  nlohmann::ordered_json ToJson() const override;
  static absl::StatusOr<std::shared_ptr<const FrequencySamples>> FromJson(const nlohmann::json& member);

  std::vector<FrequencySample> samples;
};

// The frequency samples of a record; null when it has none.
const FrequencySamples* FrequencySamplesOf(const Record& r);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_SAMPLES_H_
