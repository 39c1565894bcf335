#include "harness/truth/distinct/distinct_samples.h"

#include "harness/truth/sample_json.h"

namespace dsconform {

nlohmann::ordered_json DistinctSamples::ToJson() const {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& a : samples) {
    nlohmann::ordered_json lower = nlohmann::ordered_json::array(), upper = nlohmann::ordered_json::array();
    for (int i = 0; i < 3; ++i) {
      lower.push_back(SampleDoubleToJson(a.lower[i]));
      upper.push_back(SampleDoubleToJson(a.upper[i]));
    }
    out.push_back({{"of", a.of}, {"series", a.series}, {"truth", a.truth}, {"estimate", SampleDoubleToJson(a.estimate)},
                   {"rse", SampleDoubleToJson(a.rse)}, {"lower", lower}, {"upper", upper}});
  }
  return out;
}

absl::StatusOr<std::shared_ptr<const DistinctSamples>> DistinctSamples::FromJson(const nlohmann::json& member) {
  auto out = std::make_shared<DistinctSamples>();
  try {
    for (const auto& ja : member) {
      DistinctSample a;
      a.of = ja.at("of").get<std::string>();
      a.series = ja.value("series", "");
      a.truth = ja.at("truth").get<int64_t>();
      a.estimate = SampleDoubleFromJson(ja.at("estimate"));
      a.rse = SampleDoubleFromJson(ja.at("rse"));
      for (int i = 0; i < 3; ++i) {
        a.lower[i] = SampleDoubleFromJson(ja.at("lower").at(i));
        a.upper[i] = SampleDoubleFromJson(ja.at("upper").at(i));
      }
      out->samples.push_back(std::move(a));
    }
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(e.what());
  }
  return out;
}

const DistinctSamples* DistinctSamplesOf(const Record& r) {
  auto it = r.truth_samples.find(kDistinctSamplesMember);
  return it == r.truth_samples.end() ? nullptr : dynamic_cast<const DistinctSamples*>(it->second.get());
}

}  // namespace dsconform
