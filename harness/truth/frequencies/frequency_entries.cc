#include "harness/truth/frequencies/frequency_entries.h"

#include "absl/strings/str_cat.h"
#include "harness/case/json_access.h"

namespace dsconform {

nlohmann::ordered_json FrequencyTruthToJson(const FrequencyTruth& t) {
  return {{"of", t.of}, {"weight", t.weight}, {"series", t.series}};
}

absl::StatusOr<std::vector<FrequencyTruth>> FrequencyTruthsFromJson(const nlohmann::ordered_json& entries,
                                                                    const std::string& path) {
  if (!entries.is_array()) return absl::InvalidArgumentError(path + ": expected an array");
  std::vector<FrequencyTruth> out;
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string tpath = absl::StrCat(path, "/", i);
    const nlohmann::json e = entries[i];
    if (!e.is_object()) return absl::InvalidArgumentError(tpath + ": expected an object");
    if (auto st = RejectUnknownKeys(e, {"of", "weight", "series"}, tpath); !st.ok()) return st;
    auto of = RequireString(e, "of", tpath);
    if (!of.ok()) return of.status();
    auto weight = RequireInt(e, "weight", tpath);
    if (!weight.ok()) return weight.status();
    if (*weight < 0) return absl::InvalidArgumentError(tpath + "/weight: must not be negative");
    auto series = OptionalString(e, "series", tpath);
    if (!series.ok()) return series.status();
    out.push_back({*of, *weight, series->value_or("")});
  }
  return out;
}

void AddFrequencyTruth(CaseBuilder& b, const FrequencyTruth& t) {
  b.AddTruth(kFrequencyTruthMember, FrequencyTruthToJson(t));
}

}  // namespace dsconform
