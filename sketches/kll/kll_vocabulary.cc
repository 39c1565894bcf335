#include "sketches/kll/kll_vocabulary.h"

#include <algorithm>

namespace dsconform {

const char* const kKllItemTypes[4] = {"double", "float", "long", "string"};

const char* KllTapeKindOf(const std::string& item_type) {
  if (item_type == "double" || item_type == "float") return "double";
  if (item_type == "long") return "long";
  if (item_type == "string") return "string";
  return "";
}

const std::vector<std::string>& KllScalarQueries() {
  static const auto* q = new std::vector<std::string>{
      "n", "k", "num_retained", "is_empty", "is_estimation_mode", "min", "max", "rank_error", "rank_error_pmf",
      "serialized_size"};
  return *q;
}

const std::vector<std::string>& KllGridQueries() {
  static const auto* q = new std::vector<std::string>{"quantiles", "quantiles_excl", "ranks", "ranks_excl",
                                                      "pmf",       "pmf_excl",       "cdf",   "cdf_excl"};
  return *q;
}

const std::vector<std::string>& KllNativeOnlyQueries() {
  static const auto* q = new std::vector<std::string>{"to_string", "heap_bytes"};
  return *q;
}

namespace {
bool In(const std::vector<std::string>& v, const std::string& q) { return std::find(v.begin(), v.end(), q) != v.end(); }
}  // namespace

bool IsKllQuery(const std::string& q) {
  return In(KllScalarQueries(), q) || In(KllGridQueries(), q) || In(KllNativeOnlyQueries(), q);
}
bool KllQueryNeedsRanks(const std::string& q) { return q == "quantiles" || q == "quantiles_excl"; }
bool KllQueryNeedsPoints(const std::string& q) { return In(KllGridQueries(), q) && !KllQueryNeedsRanks(q); }

}  // namespace dsconform
