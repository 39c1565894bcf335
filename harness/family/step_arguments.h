#ifndef DSCONFORM_HARNESS_FAMILY_STEP_ARGUMENTS_H_
#define DSCONFORM_HARNESS_FAMILY_STEP_ARGUMENTS_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "harness/case/case_program.h"

namespace dsconform {

// Checks of a step's members that every family's ValidateOp makes. Messages
// start with the member's name ("lg_k: must be in 4..21, got 22"); the caller
// prefixes the step's path.

// Every member of `op` besides op, sketch and items is one of `allowed`.
absl::Status StepMembersAre(const Op& op, const std::vector<std::string>& allowed);
// Member `key` is an integer in [lo, hi].
absl::Status StepIntIn(const Op& op, const char* key, int64_t lo, int64_t hi);
// Member `key`, when present, is an integer.
absl::Status StepOptionalInt(const Op& op, const char* key);
// Member `key` is one of the strings `allowed`.
absl::Status StepOneOf(const Op& op, const char* key, const std::set<std::string>& allowed);
// The slot named by member `key` (`slot`) was made by a "union" step exactly
// when `want_union`; `slots` maps each existing slot to the step that made it.
// A slot that does not exist passes (the generic checks report it).
absl::Status StepSlotIs(const std::map<std::string, std::string>& slots, const std::string& slot, bool want_union,
                        const char* key);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_STEP_ARGUMENTS_H_
