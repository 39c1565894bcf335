#ifndef DSCONFORM_HARNESS_TRUTH_SAMPLE_JSON_H_
#define DSCONFORM_HARNESS_TRUTH_SAMPLE_JSON_H_

#include <cmath>
#include <limits>

#include "nlohmann/json.hpp"

namespace dsconform {

// JSON has no NaN or infinity: a sample's doubles are written as null and read
// back as NaN, as every other double of a record.
inline nlohmann::ordered_json SampleDoubleToJson(double v) {
  if (!std::isfinite(v)) return nullptr;
  return v;
}
inline double SampleDoubleFromJson(const nlohmann::json& j) {
  return j.is_number() ? j.get<double>() : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_SAMPLE_JSON_H_
