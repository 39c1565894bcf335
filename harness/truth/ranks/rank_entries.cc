#include "harness/truth/ranks/rank_entries.h"

#include "absl/strings/str_cat.h"
#include "harness/case/json_access.h"

namespace dsconform {

nlohmann::ordered_json RankTruthToJson(const RankTruth& t) {
  nlohmann::ordered_json j = {{"of", t.of}, {"n", t.n}, {"series", t.series}};
  if (t.relative) j["relative"] = true;
  return j;
}

absl::StatusOr<std::vector<RankTruth>> RankTruthsFromJson(const nlohmann::ordered_json& entries,
                                                          const std::string& path) {
  if (!entries.is_array()) return absl::InvalidArgumentError(path + ": expected an array");
  std::vector<RankTruth> out;
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string tpath = absl::StrCat(path, "/", i);
    const nlohmann::json e = entries[i];
    if (!e.is_object()) return absl::InvalidArgumentError(tpath + ": expected an object");
    if (auto st = RejectUnknownKeys(e, {"of", "n", "series", "relative"}, tpath); !st.ok()) return st;
    auto of = RequireString(e, "of", tpath);
    if (!of.ok()) return of.status();
    auto n = RequireInt(e, "n", tpath);
    if (!n.ok()) return n.status();
    if (*n < 0) return absl::InvalidArgumentError(tpath + "/n: must not be negative");
    auto series = OptionalString(e, "series", tpath);
    if (!series.ok()) return series.status();
    bool relative = false;
    if (e.contains("relative")) {
      if (!e["relative"].is_boolean()) return absl::InvalidArgumentError(tpath + "/relative: must be true or false");
      relative = e["relative"].get<bool>();
    }
    out.push_back({*of, *n, series->value_or(""), relative});
  }
  return out;
}

absl::StatusOr<std::vector<RankTruth>> RankTruthsOf(const Case& c) {
  auto it = c.truth.find(kRankTruthMember);
  if (it == c.truth.end()) return std::vector<RankTruth>();
  return RankTruthsFromJson(it->second, absl::StrCat("/", kRankTruthMember));
}

void AddRankTruth(CaseBuilder& b, const RankTruth& t) { b.AddTruth(kRankTruthMember, RankTruthToJson(t)); }

}  // namespace dsconform
