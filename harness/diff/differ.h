#ifndef DSCONFORM_HARNESS_DIFF_DIFFER_H_
#define DSCONFORM_HARNESS_DIFF_DIFFER_H_

#include <vector>

#include "harness/engine/observation.h"
#include "harness/family/family.h"
#include "harness/report/record.h"

namespace dsconform {

struct DiffOptions {
  // Exceptions thrown by engines of one language must agree on class and
  // message; across languages "both threw" is agreement (the classes differ by
  // nature: SketchesArgumentException vs std::invalid_argument).
  bool same_language = false;
  size_t max_decoded = 64;  // decoded image fields listed per differing image
};

// An engine that could not pin a case's random bits (python@ for KLL, with
// `seed_optional`) reports this field, unsupported: its lang. fields are then
// compared with no engine, not even one of its own language.
inline constexpr char kOwnRandomBitsField[] = "lang.random_bits";

struct DiffResult {
  std::vector<FieldDiff> diffs;
  int fields_compared = 0;
  int fields_unsupported = 0;  // fields the candidate could not produce
  int fields_language_specific = 0;  // of those, "lang." fields left out of this comparison
};

// Compares every field of `candidate` with the same field of `reference`:
// bytes byte for byte, doubles by their 64-bit pattern, integers and flags
// exactly, errors as described in DiffOptions. Fields present on one side only
// are differences too. `family` (may be null) decodes differing images.
// Fields whose name starts with "lang." are compared only when
// options.same_language (a library's own random bits or text); across
// languages they count as unsupported.
DiffResult DiffObservations(const Observations& reference, const Observations& candidate, const Family* family,
                            const DiffOptions& options);

// The difference between two values of one field (both present), or nullopt
// when they are equal under `options`.
bool ValuesEqual(const Value& a, const Value& b, const DiffOptions& options);
FieldDiff MakeFieldDiff(const std::string& field, const Value& reference, const Value& candidate, const Family* family,
                        const DiffOptions& options);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_DIFF_DIFFER_H_
