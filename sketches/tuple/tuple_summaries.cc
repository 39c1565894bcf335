#include "absl/strings/str_cat.h"
#include "sketches/tuple/tuple_suites.h"

namespace dsconform {

std::string TupleSummary::id() const {
  return absl::StrCat("summary=", is_array() ? absl::StrCat(name, num_values) : name);
}

nlohmann::ordered_json TupleSummary::members() const {
  nlohmann::ordered_json m = {{"summary", name}};
  if (is_array()) m["num_values"] = num_values;
  return m;
}

std::vector<TupleSummary> AllTupleSummaries() {
  std::vector<TupleSummary> out;
  for (const char* type : {"double", "int"})
    for (const char* mode : {"sum", "min", "max", "always_one"}) out.push_back({absl::StrCat(type, "_", mode)});
  out.push_back({"aod", 1});
  out.push_back({"aod", 3});
  out.push_back({"aos", 1});
  out.push_back({"aos", 3});
  return out;
}

nlohmann::ordered_json TupleValues(const TupleSummary& s, int64_t value, int64_t step) {
  // Four strings cycle through the n of an entry: consecutive keys get different arrays, and
  // an array of 3 holds an empty or a non-ASCII string (2 and 3 UTF-8 bytes, and 4: an emoji).
  if (s.is_aos())
    return {{"strings", {absl::StrCat("v", value, "+", step), "", "\xc3\xa9t\xc3\xa9 \xe6\xbc\xa2", "\xf0\x9f\x98\x80\"q\\"}}};
  // A double summary's step is in quarters, so every value is exact.
  if (s.is_int()) return {{"value", absl::StrCat(value)}, {"value_step", absl::StrCat(step)}};
  return {{"value", absl::StrCat(value)}, {"value_step", absl::StrCat(static_cast<double>(step) / 4)}};
}

nlohmann::ordered_json TupleSketchQueries(bool with_summaries) {
  nlohmann::ordered_json q = {"estimate", "lb1", "lb2", "lb3", "ub1", "ub2", "ub3", "theta", "theta_long",
                              "retained", "is_empty", "is_estimation_mode"};
  if (with_summaries) q.push_back("summaries");
  return q;
}

std::vector<const Suite*> TupleSuites() {
  return {&TupleMatrixSuite(), &TupleValuesSuite(), &TupleSetOpsSuite(), &TupleCrossSuite()};
}

}  // namespace dsconform
