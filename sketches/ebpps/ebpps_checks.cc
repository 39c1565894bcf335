#include "sketches/ebpps/ebpps_checks.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "harness/diff/differ.h"
#include "harness/truth/inclusion_test.h"
#include "sketches/ebpps/ebpps_image_layout.h"
#include "sketches/ebpps/ebpps_suites.h"

namespace dsconform {

std::vector<std::string> CheckEbppsInvariant(const Invariant& invariant, const std::vector<const Value*>& values) {
  std::vector<std::string> out;
  const std::string prefix = "ebpps_inclusion_";
  EbppsWeights pattern = EbppsWeights::kUniform;
  bool known = false;
  for (EbppsWeights w : {EbppsWeights::kUniform, EbppsWeights::kRamp, EbppsWeights::kHeavy, EbppsWeights::kTiny})
    if (invariant.check == prefix + EbppsWeightsName(w)) pattern = w, known = true;
  if (!known) {
    out.push_back(absl::StrCat("unknown EBPPS check '", invariant.check, "'"));
    return out;
  }
  if (values.empty() || values[0] == nullptr || values[0]->kind != Value::Kind::kBytes) return out;
  const EbppsImageHeader h = ReadEbppsImageHeader(values[0]->bytes);
  if (!h.complete || h.empty || h.n <= 0 || h.k <= 0) {
    out.push_back(absl::StrCat(invariant.fields[0], ": not a non-empty EBPPS image"));
    return out;
  }
  const int64_t n = h.n, k = h.k;
  std::vector<double> w(static_cast<size_t>(n));
  double total = 0, max = 0;
  for (int64_t v = 0; v < n; ++v) {
    w[v] = EbppsWeightOf(pattern, v, n);
    total += w[v];
    max = std::max(max, w[v]);
  }
  const double c = std::min(static_cast<double>(k), total / max);
  std::vector<double> p(static_cast<size_t>(n));
  for (int64_t v = 0; v < n; ++v) p[v] = std::min(1.0, c * w[v] / total);
  // The last field, when it is lang.random_bits, says whether this engine drew bits of its own:
  // such a run cannot be repeated, so its chance failures add up (kUnpinnedInclusionAlpha).
  size_t trial_fields = std::min(values.size(), invariant.fields.size());
  double alpha = kInclusionAlpha;
  if (trial_fields > 0 && invariant.fields[trial_fields - 1] == kOwnRandomBitsField) {
    --trial_fields;
    if (values[trial_fields] != nullptr) alpha = kUnpinnedInclusionAlpha;
  }
  std::vector<int64_t> counts(static_cast<size_t>(n), 0);
  int64_t trials = 0;
  const size_t group = static_cast<size_t>(k) + 1;
  for (size_t at = 1; at + group <= trial_fields; at += group) {
    const Value* size = values[at];
    if (size == nullptr || size->kind != Value::Kind::kInt) continue;  // this trial was not answered
    const int64_t m = static_cast<int64_t>(size->bits);
    const std::string& field = invariant.fields[at];
    if (m < 0 || static_cast<double>(m) > std::ceil(c)) {
      out.push_back(absl::StrCat(field, ": ", m, " items where C is ", c));
      continue;
    }
    std::set<int64_t> seen;
    for (int64_t i = 0; i < m && i < k; ++i) {
      const Value* item = values[at + 1 + i];
      if (item == nullptr || item->kind != Value::Kind::kInt) {
        out.push_back(absl::StrCat(invariant.fields[at + 1 + i], ": no long item"));
        break;
      }
      const int64_t v = static_cast<int64_t>(item->bits);
      if (v < 0 || v >= n || !seen.insert(v).second) {
        out.push_back(absl::StrCat(invariant.fields[at + 1 + i], ": ", v, " is not one of the distinct longs 0..", n - 1));
        break;
      }
      ++counts[v];
    }
    ++trials;
  }
  if (trials == 0 || !out.empty()) return out;
  const InclusionJudgement j = JudgeInclusion(counts, p, trials, false);
  return InclusionViolations(j,
                             absl::StrCat("inclusion of 0..", n - 1, " (", EbppsWeightsName(pattern), " weights, C=", c,
                                          ") over ", trials, alpha == kInclusionAlpha ? "" : " unpinned", " trials"),
                             alpha);
}

}  // namespace dsconform
