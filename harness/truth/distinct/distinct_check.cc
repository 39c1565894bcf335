#include "harness/truth/distinct/distinct_check.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/engine/field_index.h"

namespace dsconform {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double NumberOf(const FieldIndex& obs, const std::string& name) {
  const Value* v = obs.Find(name);
  if (v == nullptr) return kNaN;
  if (v->kind == Value::Kind::kDouble) return v->AsDouble();
  if (v->kind == Value::Kind::kInt) return static_cast<double>(static_cast<int64_t>(v->bits));
  return kNaN;
}

}  // namespace

DistinctCheckResult CheckDistinct(const std::vector<DistinctTruth>& truths, const Observations& observations,
                                  double max_standard_errors) {
  DistinctCheckResult result;
  if (truths.empty()) return result;
  // An accuracy case asks an estimate and six bounds of each of its many trials: by name, not by
  // walking the fields.
  const FieldIndex obs(observations);
  for (const DistinctTruth& t : truths) {
    const std::string field = t.of + ".estimate";
    const Value* given = obs.Find(field);
    // Not produced (the engine threw or cannot do the step): nothing to judge. A NaN it did produce is judged.
    if (given == nullptr || (given->kind != Value::Kind::kDouble && given->kind != Value::Kind::kInt)) continue;
    const double estimate = NumberOf(obs, field);
    DistinctSample s;
    s.of = t.of;
    s.series = t.series;
    s.truth = t.distinct;
    s.estimate = estimate;
    for (int sd = 1; sd <= 3; ++sd) {
      s.lower[sd - 1] = NumberOf(obs, absl::StrCat(t.of, ".lb", sd));
      s.upper[sd - 1] = NumberOf(obs, absl::StrCat(t.of, ".ub", sd));
    }
    const double truth = std::max<double>(t.distinct, 1);
    // One standard error for the outlier check, in items.
    double standard_error = kNaN;
    if (t.rse == kRseFromBounds) {
      // The study's stated RSE is the interval's half-width; the check measures on the truth's
      // side, because the bounds need not be symmetric (CPC clamps its lower bound to the coupon
      // count and rounds its upper bound up, so at a few items one side is much the narrower).
      s.rse = (s.upper[0] - s.lower[0]) / 2 / truth;
      standard_error = t.distinct > estimate ? s.upper[0] - estimate
                       : t.distinct < estimate ? estimate - s.lower[0]
                                               : s.rse * truth;
    } else {
      s.rse = t.rse.empty() ? kNaN : std::fabs(NumberOf(obs, t.rse));
      standard_error = s.rse * truth;
    }
    result.samples.push_back(s);
    if (s.rse == 0) {  // the engine says its answer is exact
      ++result.checks;
      if (estimate != t.distinct) {
        FieldDiff d;
        d.field = absl::StrCat("accuracy: ", field);
        d.reference = Value::Int(t.distinct);
        d.candidate = Value::String(absl::StrFormat(
            "estimate %.17g with 1-sd bounds of zero width (exact) is not the truth %d", estimate, t.distinct));
        result.outliers.push_back(std::move(d));
      }
      continue;
    }
    if (!(s.rse > 0)) continue;  // none stated (NaN)
    ++result.checks;
    const double errors = std::fabs(estimate - t.distinct) / standard_error;
    if (!(errors <= max_standard_errors)) {  // NaN and infinity are outliers too
      FieldDiff d;
      d.field = absl::StrCat("accuracy: ", field);
      d.reference = Value::Int(t.distinct);
      d.candidate = Value::String(absl::StrFormat(
          "estimate %.17g is %.1f standard errors from the truth %d (stated RSE %.6g, limit %g)", estimate,
          errors, t.distinct, standard_error / truth, max_standard_errors));
      result.outliers.push_back(std::move(d));
    }
  }
  return result;
}

}  // namespace dsconform
