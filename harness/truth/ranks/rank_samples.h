#ifndef DSCONFORM_HARNESS_TRUTH_RANKS_RANK_SAMPLES_H_
#define DSCONFORM_HARNESS_TRUTH_RANKS_RANK_SAMPLES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/record/record.h"
#include "harness/truth/truth_samples.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The record member that carries rank samples.
inline constexpr char kRankSamplesMember[] = "rank_accuracy";

// One engine's answers to one query against the exact ranks (rank_check.h).
struct RankSample {
  std::string of;          // RankTruth::of
  std::string series;      // RankTruth::series
  int64_t n = 0;
  double epsilon = 0;      // the library's normalized rank error (single-sided); NaN when not answered
  double epsilon_pmf = 0;  // the same, double-sided (for pmf)
  double rank_error = 0;   // max |estimated - true rank| over ranks and quantiles, both criteria; NaN: none answered
  double pmf_error = 0;    // max |estimated - true mass| over the pmf bins, both criteria; NaN: none answered
};

// The queries one self-check record judged.
class RankSamples final : public TruthSamples {
 public:
  RankSamples() = default;
  explicit RankSamples(std::vector<RankSample> samples) : samples(std::move(samples)) {}

  size_t size() const override { return samples.size(); }
  // [{"of", "series", "n", "epsilon", "epsilon_pmf", "rank_error", "pmf_error"}, ...]
  nlohmann::ordered_json ToJson() const override;
  static absl::StatusOr<std::shared_ptr<const RankSamples>> FromJson(const nlohmann::json& member);

  std::vector<RankSample> samples;
};

// The rank samples of a record; null when it has none.
const RankSamples* RankSamplesOf(const Record& r);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_RANKS_RANK_SAMPLES_H_
