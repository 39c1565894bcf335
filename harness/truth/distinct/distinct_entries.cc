#include "harness/truth/distinct/distinct_entries.h"

#include "absl/strings/str_cat.h"
#include "harness/case/json_access.h"

namespace dsconform {

nlohmann::ordered_json DistinctTruthToJson(const DistinctTruth& t) {
  nlohmann::ordered_json e = {{"of", t.of}, {"distinct", t.distinct}};
  if (!t.rse.empty()) e["rse"] = t.rse;
  if (!t.series.empty()) e["series"] = t.series;
  return e;
}

absl::StatusOr<std::vector<DistinctTruth>> DistinctTruthsFromJson(const nlohmann::ordered_json& entries,
                                                                  const std::string& path) {
  if (!entries.is_array()) return absl::InvalidArgumentError(path + ": expected an array");
  std::vector<DistinctTruth> out;
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string tpath = absl::StrCat(path, "/", i);
    const nlohmann::json e = entries[i];
    if (!e.is_object()) return absl::InvalidArgumentError(tpath + ": expected an object");
    if (auto st = RejectUnknownKeys(e, {"of", "distinct", "rse", "series"}, tpath); !st.ok()) return st;
    DistinctTruth t;
    auto of = RequireString(e, "of", tpath);
    if (!of.ok()) return of.status();
    t.of = *of;
    auto distinct = RequireInt(e, "distinct", tpath);
    if (!distinct.ok()) return distinct.status();
    if (*distinct < 0) return absl::InvalidArgumentError(tpath + "/distinct: must not be negative");
    t.distinct = *distinct;
    auto rse = OptionalString(e, "rse", tpath);
    if (!rse.ok()) return rse.status();
    t.rse = rse->value_or("");
    auto series = OptionalString(e, "series", tpath);
    if (!series.ok()) return series.status();
    t.series = series->value_or("");
    out.push_back(std::move(t));
  }
  return out;
}

absl::StatusOr<std::vector<DistinctTruth>> DistinctTruthsOf(const Case& c) {
  auto it = c.truth.find(kDistinctTruthMember);
  if (it == c.truth.end()) return std::vector<DistinctTruth>();
  return DistinctTruthsFromJson(it->second, absl::StrCat("/", kDistinctTruthMember));
}

void AddDistinctTruth(CaseBuilder& b, const DistinctTruth& t) { b.AddTruth(kDistinctTruthMember, DistinctTruthToJson(t)); }

}  // namespace dsconform
