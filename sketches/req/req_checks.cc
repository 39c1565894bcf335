#include "sketches/req/req_checks.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace dsconform {

namespace {
constexpr const char* kOrder[] = {"rank_lb3", "rank_lb2", "rank_lb1", "rank_ub1", "rank_ub2", "rank_ub3"};
constexpr size_t kGroup = 6;
}  // namespace

std::vector<std::string> ReqBoundsFields(const std::string& as, size_t ranks) {
  std::vector<std::string> fields;
  for (size_t i = 0; i < ranks; ++i)
    for (const char* q : kOrder) fields.push_back(absl::StrCat(as, ".", q, "[", i, "]"));
  return fields;
}

std::vector<std::string> CheckReqInvariant(const Invariant& invariant, const std::vector<const Value*>& values) {
  if (invariant.check != "req_bounds_nested") return {absl::StrCat("unknown REQ check '", invariant.check, "'")};
  std::vector<std::string> out;
  for (size_t at = 0; at + kGroup <= values.size() && at + kGroup <= invariant.fields.size(); at += kGroup) {
    double v[kGroup];
    bool whole = true;
    for (size_t j = 0; j < kGroup; ++j) {
      const Value* x = values[at + j];
      whole = whole && x != nullptr && x->kind == Value::Kind::kDouble;
      if (whole) v[j] = x->AsDouble();
    }
    if (!whole) continue;
    for (size_t j = 1; j < kGroup; ++j)
      if (!(v[j - 1] <= v[j])) {
        out.push_back(absl::StrFormat("%s: %.17g is above %s = %.17g", invariant.fields[at + j - 1], v[j - 1],
                                      invariant.fields[at + j], v[j]));
        break;
      }
  }
  return out;
}

}  // namespace dsconform
