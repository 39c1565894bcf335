#include "harness/truth/ranks/rank_samples.h"

#include "harness/truth/sample_json.h"

namespace dsconform {

nlohmann::ordered_json RankSamples::ToJson() const {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& a : samples)
    out.push_back({{"of", a.of}, {"series", a.series}, {"n", a.n}, {"epsilon", SampleDoubleToJson(a.epsilon)},
                   {"epsilon_pmf", SampleDoubleToJson(a.epsilon_pmf)}, {"rank_error", SampleDoubleToJson(a.rank_error)},
                   {"pmf_error", SampleDoubleToJson(a.pmf_error)}});
  return out;
}

absl::StatusOr<std::shared_ptr<const RankSamples>> RankSamples::FromJson(const nlohmann::json& member) {
  auto out = std::make_shared<RankSamples>();
  try {
    for (const auto& ja : member)
      out->samples.push_back({ja.at("of").get<std::string>(), ja.value("series", ""), ja.at("n").get<int64_t>(),
                              SampleDoubleFromJson(ja.at("epsilon")), SampleDoubleFromJson(ja.at("epsilon_pmf")),
                              SampleDoubleFromJson(ja.at("rank_error")), SampleDoubleFromJson(ja.at("pmf_error"))});
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(e.what());
  }
  return out;
}

const RankSamples* RankSamplesOf(const Record& r) {
  auto it = r.truth_samples.find(kRankSamplesMember);
  return it == r.truth_samples.end() ? nullptr : dynamic_cast<const RankSamples*>(it->second.get());
}

}  // namespace dsconform
