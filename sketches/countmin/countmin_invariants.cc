#include "sketches/countmin/countmin_invariants.h"

#include <cmath>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "harness/truth/accuracy_stats.h"

namespace dsconform {
namespace {

// A counter or total as a number: ints for long counters, doubles for double ones.
bool Number(const Value* v, double* out) {
  if (v == nullptr) return false;
  if (v->kind == Value::Kind::kInt) {
    *out = static_cast<double>(static_cast<int64_t>(v->bits));
    return true;
  }
  if (v->kind == Value::Kind::kDouble) {
    *out = v->AsDouble();
    return true;
  }
  return false;
}

}  // namespace

std::vector<std::string> CheckCountminInvariant(const Invariant& invariant, const std::vector<const Value*>& values) {
  if (invariant.check != kCountminUnitCounts)
    return {absl::StrCat("countmin has no invariant check '", invariant.check, "'")};
  if (values.size() < 4 || invariant.fields.size() != values.size())
    return {absl::StrCat(kCountminUnitCounts, ": needs total_weight, num_hashes, relative_error and estimates")};
  double total = 0, hashes = 0, error = 0;
  // An engine that could not make the sketch (unsupported) has nothing to judge.
  if (!Number(values[0], &total) || !Number(values[1], &hashes) || !Number(values[2], &error)) return {};
  const double allowed = 1 + error * total;
  int64_t under = 0, over = 0, answered = 0;
  std::vector<std::string> out;
  for (size_t i = 3; i < values.size(); ++i) {
    double estimate = 0;
    if (!Number(values[i], &estimate)) {
      // The sketch answered its queries, so a missing estimate is a fault, not a gap: the judge must not go quiet.
      out.push_back(absl::StrCat(invariant.fields[i], ": no estimate"));
      continue;
    }
    ++answered;
    if (estimate < 1) {
      if (++under <= 3) out.push_back(absl::StrCat(invariant.fields[i], " = ", estimate, ": below the true count 1"));
    } else if (estimate > allowed) {
      ++over;
    }
  }
  if (under > 3) out.push_back(absl::StrCat(under, " estimates below the true count 1 in all"));
  if (answered == 0 || over == 0) return out;
  const double delta = std::exp(-hashes);
  const double p = 1 - BinomialLowerTail(over - 1, answered, delta);
  if (p < kCountminAlpha)
    out.push_back(absl::StrCat(over, " of ", answered, " estimates exceed 1 + relative_error x total_weight = ", allowed,
                               "; at most delta = exp(-", hashes, ") = ", delta, " of them should: P = ", p));
  return out;
}

}  // namespace dsconform
