#include "harness/expect/difference_shape.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/case/glob_match.h"

namespace dsconform {
namespace {

bool AnyGlob(const std::vector<std::string>& globs, const std::string& text) {
  return std::any_of(globs.begin(), globs.end(), [&](const std::string& g) { return GlobMatch(g, text); });
}

bool Present(const FieldDiff& d, Side side) {
  return side == Side::kReference ? !d.missing_in_reference : !d.missing_in_candidate;
}

std::optional<double> Number(const Value& v) {
  if (v.kind == Value::Kind::kDouble) return v.AsDouble();
  if (v.kind == Value::Kind::kInt) return static_cast<double>(static_cast<int64_t>(v.bits));
  return std::nullopt;
}

// Both sides of a difference as numbers, when both are present and numeric.
std::optional<std::pair<double, double>> Numbers(const FieldDiff& d) {
  if (!Present(d, Side::kReference) || !Present(d, Side::kCandidate)) return std::nullopt;
  auto a = Number(d.reference), b = Number(d.candidate);
  if (!a || !b) return std::nullopt;
  return std::make_pair(*a, *b);
}

std::optional<std::string> Text(const Value& v) {
  if (v.kind == Value::Kind::kError) return absl::StrCat(v.error_class, ": ", v.bytes);
  if (v.kind == Value::Kind::kString) return v.bytes;
  return std::nullopt;
}

bool NumbersFit(const DifferenceShape& s, const FieldDiff& d) {
  auto numbers = Numbers(d);
  if (!numbers) return false;
  double a = numbers->first, b = numbers->second;
  if (s.negated) b = -b;
  if (s.max_ulps) {
    if (d.reference.kind != Value::Kind::kDouble || d.candidate.kind != Value::Kind::kDouble) return false;
    if (!std::isfinite(a) || !std::isfinite(b) || std::signbit(a) != std::signbit(b)) return false;
    // One sign now (checked above): the distance of the magnitudes' bit patterns.
    const uint64_t bits_a = d.reference.bits & ~(uint64_t{1} << 63);
    const uint64_t bits_b = d.candidate.bits & ~(uint64_t{1} << 63);
    if ((bits_a > bits_b ? bits_a - bits_b : bits_b - bits_a) > *s.max_ulps) return false;
  }
  if (s.max_relative) {
    if (!std::isfinite(a) || !std::isfinite(b)) return false;
    if (std::fabs(a - b) > *s.max_relative * std::max(std::fabs(a), std::fabs(b))) return false;
  }
  if (s.negated && !s.max_ulps && !s.max_relative) return a == b;
  return true;
}

}  // namespace

Side ErrorSide(const FieldDiff& d) {
  if (!d.missing_in_reference && d.reference.kind == Value::Kind::kError) return Side::kReference;
  if (!d.missing_in_candidate && d.candidate.kind == Value::Kind::kError) return Side::kCandidate;
  return Side::kNone;
}

Side MissingSide(const FieldDiff& d) {
  return d.missing_in_reference ? Side::kReference : d.missing_in_candidate ? Side::kCandidate : Side::kNone;
}

bool DifferenceShape::Covers(const FieldDiff& d) const {
  if (!decoded.empty()) {
    if (d.decoded.empty()) return false;
    for (const DecodedDiff& x : d.decoded)
      if (!AnyGlob(decoded, x.field)) return false;
  }
  return HoldsApartFromDecoded(d);
}

std::vector<bool> DifferenceShape::CoveredDecoded(const FieldDiff& d) const {
  std::vector<bool> each(d.decoded.size(), false);
  if (decoded.empty() || !HoldsApartFromDecoded(d)) return each;
  for (size_t i = 0; i < d.decoded.size(); ++i) each[i] = AnyGlob(decoded, d.decoded[i].field);
  return each;
}

bool DifferenceShape::HoldsApartFromDecoded(const FieldDiff& d) const {
  if (!fields.empty() && !AnyGlob(fields, d.field)) return false;
  switch (value) {
    case ValueKind::kAny: break;
    case ValueKind::kMissing:
      if (MissingSide(d) == Side::kNone) return false;
      break;
    case ValueKind::kError:
      if (ErrorSide(d) == Side::kNone) return false;
      break;
    case ValueKind::kNonfinite: {
      auto n = Numbers(d);
      if (!n || std::isfinite(n->first) == std::isfinite(n->second)) return false;
      break;
    }
    case ValueKind::kNan: {
      auto n = Numbers(d);
      if (!n || !std::isnan(n->first) || !std::isnan(n->second)) return false;
      break;
    }
  }
  if (!messages.empty()) {
    bool found = false;
    for (Side side : {Side::kReference, Side::kCandidate}) {
      if (!Present(d, side)) continue;
      auto text = Text(side == Side::kReference ? d.reference : d.candidate);
      found = found || (text && AnyGlob(messages, *text));
    }
    if (!found) return false;
  }
  if ((max_ulps || max_relative || negated) && !NumbersFit(*this, d)) return false;
  if (at_least) {
    auto n = Numbers(d);
    if (!n || (!(n->first >= *at_least) && !(n->second >= *at_least))) return false;
  }
  return true;
}

const char* ValueKindName(DifferenceShape::ValueKind kind) {
  switch (kind) {
    case DifferenceShape::ValueKind::kAny: return "any";
    case DifferenceShape::ValueKind::kNonfinite: return "nonfinite";
    case DifferenceShape::ValueKind::kNan: return "nan";
    case DifferenceShape::ValueKind::kMissing: return "missing";
    case DifferenceShape::ValueKind::kError: return "error";
  }
  return "any";
}

bool ValueKindFromName(const std::string& name, DifferenceShape::ValueKind* out) {
  for (auto k : {DifferenceShape::ValueKind::kAny, DifferenceShape::ValueKind::kNonfinite, DifferenceShape::ValueKind::kNan,
                 DifferenceShape::ValueKind::kMissing, DifferenceShape::ValueKind::kError}) {
    if (name == ValueKindName(k)) {
      *out = k;
      return true;
    }
  }
  return false;
}

}  // namespace dsconform
