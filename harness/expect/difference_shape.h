#ifndef DSCONFORM_HARNESS_EXPECT_DIFFERENCE_SHAPE_H_
#define DSCONFORM_HARNESS_EXPECT_DIFFERENCE_SHAPE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/record/record.h"

namespace dsconform {

// What one differing field of a known difference looks like, so that a rule covers its finding
// wherever it shows and another kind of difference in the same field still fails the run. Every
// constraint given must hold; none given matches any difference.
struct DifferenceShape {
  enum class ValueKind {
    kAny,
    kNonfinite,  // one side is infinite or NaN, the other finite
    kNan,        // both sides NaN, with other bits (a library's own NaN against the input's)
    kMissing,    // the field is on one side only
    kError,      // one side is an error: the engine threw
  };

  std::vector<std::string> fields;   // globs over the field name ("*.compact", "error@op*")
  // Globs over decoded image fields ("flags*", "entry[*]"): the field must be an image whose every
  // differing decoded field matches one of them.
  std::vector<std::string> decoded;
  std::optional<uint64_t> max_ulps;  // two finite doubles of one sign, at most this many ulps apart
  std::optional<double> max_relative;  // two numbers with |a - b| <= max_relative * max(|a|, |b|)
  bool negated = false;              // compare a with -b (one side has the other's sign flipped)
  std::optional<double> at_least;    // two numbers, one of them at least this (a value out of all scale)
  ValueKind value = ValueKind::kAny;
  // Globs over the text of one side, any of them: an error's "Class: message", or a string value.
  std::vector<std::string> messages;

  bool Covers(const FieldDiff& d) const;
  // Which decoded fields of an image difference a shape with `decoded` globs explains, the rest of
  // the shape holding: an image can differ in fields that several findings explain, each its own.
  std::vector<bool> CoveredDecoded(const FieldDiff& d) const;

 private:
  bool HoldsApartFromDecoded(const FieldDiff& d) const;
};

// Which side of a difference holds an error, if any: a step that throws ends its engine's stage,
// so the fields missing on that side are the same difference (KnownDifferences covers them with it).
enum class Side { kNone, kReference, kCandidate };
Side ErrorSide(const FieldDiff& d);
// The side a field is missing on.
Side MissingSide(const FieldDiff& d);

const char* ValueKindName(DifferenceShape::ValueKind kind);
bool ValueKindFromName(const std::string& name, DifferenceShape::ValueKind* out);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_EXPECT_DIFFERENCE_SHAPE_H_
