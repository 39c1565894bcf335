#include "harness/family/step_arguments.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/case/json_access.h"

namespace dsconform {
namespace {

// json_access messages start with the (here empty) JSON path's "/".
absl::Status WithoutPath(const absl::Status& st) {
  if (st.ok()) return st;
  const std::string m(st.message());
  return absl::InvalidArgumentError(!m.empty() && m[0] == '/' ? m.substr(1) : m);
}

}  // namespace

absl::Status StepMembersAre(const Op& op, const std::vector<std::string>& allowed) {
  return WithoutPath(RejectUnknownKeys(op.args, allowed, ""));
}

absl::Status StepIntIn(const Op& op, const char* key, int64_t lo, int64_t hi) {
  auto v = RequireInt(op.args, key, "");
  if (!v.ok()) return WithoutPath(v.status());
  if (*v < lo || *v > hi) return absl::InvalidArgumentError(absl::StrCat(key, ": must be in ", lo, "..", hi, ", got ", *v));
  return absl::OkStatus();
}

absl::Status StepOptionalInt(const Op& op, const char* key) { return WithoutPath(OptionalInt(op.args, key, "").status()); }

absl::Status StepOneOf(const Op& op, const char* key, const std::set<std::string>& allowed) {
  auto v = RequireString(op.args, key, "");
  if (!v.ok()) return WithoutPath(v.status());
  if (!allowed.count(*v))
    return absl::InvalidArgumentError(absl::StrCat(key, ": must be one of ", absl::StrJoin(allowed, ", "), ", got '", *v, "'"));
  return absl::OkStatus();
}

absl::Status StepSlotIs(const std::map<std::string, std::string>& slots, const std::string& slot, bool want_union,
                        const char* key) {
  auto it = slots.find(slot);
  if (it == slots.end()) return absl::OkStatus();
  const bool is_union = it->second == "union";
  if (is_union != want_union)
    return absl::InvalidArgumentError(absl::StrCat(key, ": '", slot, "' is ", is_union ? "a union" : "a sketch",
                                                   ", this step needs ", want_union ? "a union" : "a sketch"));
  return absl::OkStatus();
}

}  // namespace dsconform
