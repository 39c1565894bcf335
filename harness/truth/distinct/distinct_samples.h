#ifndef DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_SAMPLES_H_
#define DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_SAMPLES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/record/record.h"
#include "harness/truth/truth_samples.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The record member that carries distinct-count samples.
inline constexpr char kDistinctSamplesMember[] = "accuracy";

// One estimate of one engine next to the truth. Missing doubles are NaN.
struct DistinctSample {
  std::string of;      // DistinctTruth::of
  std::string series;  // DistinctTruth::series
  int64_t truth = 0;
  double estimate = 0;
  double rse = 0;               // the library's stated relative standard error; NaN when unknown
  double lower[3] = {0, 0, 0};  // bounds at 1, 2, 3 standard deviations
  double upper[3] = {0, 0, 0};
};

// The estimates one self-check record judged.
class DistinctSamples final : public TruthSamples {
 public:
  DistinctSamples() = default;
  explicit DistinctSamples(std::vector<DistinctSample> samples) : samples(std::move(samples)) {}

  size_t size() const override { return samples.size(); }
  // [{"of", "series", "truth", "estimate", "rse", "lower": [3], "upper": [3]}, ...]
  nlohmann::ordered_json ToJson() const override;
  static absl::StatusOr<std::shared_ptr<const DistinctSamples>> FromJson(const nlohmann::json& member);

  std::vector<DistinctSample> samples;
};

// The distinct-count samples of a record; null when it has none.
const DistinctSamples* DistinctSamplesOf(const Record& r);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_SAMPLES_H_
