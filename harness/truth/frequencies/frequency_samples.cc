#include "harness/truth/frequencies/frequency_samples.h"

#include "harness/truth/sample_json.h"

namespace dsconform {

nlohmann::ordered_json FrequencySamples::ToJson() const {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& s : samples)
    out.push_back({{"of", s.of},
                   {"series", s.series},
                   {"weight", s.weight},
                   {"epsilon", SampleDoubleToJson(s.epsilon)},
                   {"maximum_error", SampleDoubleToJson(s.maximum_error)},
                   {"estimate_error", SampleDoubleToJson(s.estimate_error)},
                   {"keys", s.keys},
                   {"bound_misses", s.bound_misses},
                   {"false_positives", s.false_positives},
                   {"false_negatives", s.false_negatives}});
  return out;
}

absl::StatusOr<std::shared_ptr<const FrequencySamples>> FrequencySamples::FromJson(const nlohmann::json& member) {
  auto out = std::make_shared<FrequencySamples>();
  try {
    for (const auto& j : member) {
      FrequencySample s;
      s.of = j.at("of").get<std::string>();
      s.series = j.value("series", "");
      s.weight = j.at("weight").get<int64_t>();
      s.epsilon = SampleDoubleFromJson(j.at("epsilon"));
      s.maximum_error = SampleDoubleFromJson(j.at("maximum_error"));
      s.estimate_error = SampleDoubleFromJson(j.at("estimate_error"));
      s.keys = j.at("keys").get<int64_t>();
      s.bound_misses = j.at("bound_misses").get<int64_t>();
      s.false_positives = j.at("false_positives").get<int64_t>();
      s.false_negatives = j.at("false_negatives").get<int64_t>();
      out->samples.push_back(std::move(s));
    }
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(e.what());
  }
  return out;
}

const FrequencySamples* FrequencySamplesOf(const Record& r) {
  auto it = r.truth_samples.find(kFrequencySamplesMember);
  return it == r.truth_samples.end() ? nullptr : dynamic_cast<const FrequencySamples*>(it->second.get());
}

}  // namespace dsconform
