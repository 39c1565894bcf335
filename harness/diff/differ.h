#ifndef DSCONFORM_HARNESS_DIFF_DIFFER_H_
#define DSCONFORM_HARNESS_DIFF_DIFFER_H_

#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"
#include "harness/family/family.h"
#include "harness/record/record.h"

namespace dsconform {

struct DiffOptions {
  // Exceptions thrown by engines of one language must agree on class and
  // message; across languages "both refused" is agreement (the classes differ
  // by nature: SketchesArgumentException vs std::invalid_argument), but a
  // library breaking down (a panic, a JDK runtime exception: breakdown.h)
  // never agrees with one refusing.
  bool same_language = false;
  size_t max_decoded = 64;  // decoded image fields listed per differing image
  // Differing byte ranges listed per differing image; the rest are counted
  // (FieldDiff::ranges_total). Two unordered Theta images of one set differ in
  // almost every entry: 464,000 ranges, 9 MB of JSON per record.
  size_t max_ranges = 64;
  // A differing image longer than this is kept as its length and first bytes
  // (Value::Omitted), once its ranges and decoded fields are taken: a record of
  // two 16 MiB images would otherwise carry 64 MiB of hex that nobody reads
  // (`dsconform repro` runs the case again), and copying them costs the run
  // more than comparing them. Negative: kept whole.
  int64_t max_image_bytes = -1;
  // The steps of the stage compared (null: not known). With them, an
  // error@op<i> of one engine is not a difference when the other answered
  // that very step unsupported ("<slot>.<step>"): it could not do the step
  // the first one threw at (a cpp@4.0.1 reading a compressed Theta image that
  // 5.2.0 refuses for its seed), so there is nothing to compare.
  const std::vector<Op>* steps = nullptr;
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
