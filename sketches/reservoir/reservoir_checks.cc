#include "sketches/reservoir/reservoir_checks.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "harness/family/image_bytes.h"
#include "harness/truth/inclusion_test.h"
#include "sketches/reservoir/reservoir_image_layout.h"

namespace dsconform {

std::vector<std::string> CheckReservoirInvariant(const Invariant& invariant, const std::vector<const Value*>& values) {
  std::vector<std::string> out;
  if (invariant.check != "reservoir_inclusion_uniform") {
    out.push_back(absl::StrCat("unknown reservoir check '", invariant.check, "'"));
    return out;
  }
  int64_t n = -1, k = -1, trials = 0;
  std::vector<int64_t> counts;
  for (size_t i = 0; i < values.size() && i < invariant.fields.size(); ++i) {
    const Value* v = values[i];
    if (v == nullptr || v->kind != Value::Kind::kBytes) continue;  // not answered: nothing to judge
    const std::string& field = invariant.fields[i];
    const auto sample = ReservoirImageLongs(v->bytes);
    // The sketch's own image (a union's result is a sketch image).
    if (!sample || v->bytes.size() < 16) {
      out.push_back(absl::StrCat(field, ": not a non-empty reservoir image of longs"));
      continue;
    }
    const int64_t in = static_cast<int64_t>(LoadLe(v->bytes, 8, 8)), ik = static_cast<int64_t>(LoadLe(v->bytes, 4, 4));
    if (n < 0) {
      n = in;
      k = ik;
      counts.assign(static_cast<size_t>(n), 0);
    }
    if (in != n || ik != k) {
      out.push_back(absl::StrCat(field, ": n ", in, " and k ", ik, " where the first trial had ", n, " and ", k));
      continue;
    }
    std::set<int64_t> seen;
    for (int64_t item : *sample) {
      if (item < 0 || item >= n || !seen.insert(item).second) {
        out.push_back(absl::StrCat(field, ": item ", item, " is not one of the distinct longs 0..", n - 1));
        break;
      }
      ++counts[static_cast<size_t>(item)];
    }
    if (static_cast<int64_t>(sample->size()) != std::min(n, k))
      out.push_back(absl::StrCat(field, ": ", sample->size(), " items where min(n, k) is ", std::min(n, k)));
    ++trials;
  }
  if (trials == 0 || !out.empty()) return out;
  const double p = std::min(1.0, static_cast<double>(k) / static_cast<double>(n));
  const InclusionJudgement j = JudgeInclusion(counts, std::vector<double>(static_cast<size_t>(n), p), trials, true);
  // Neither library lets the draws be pinned: judged at the line for unpinned draws.
  return InclusionViolations(j, absl::StrCat("inclusion of 0..", n - 1, " at k=", k, " over ", trials, " trials"),
                             kUnpinnedInclusionAlpha);
}

}  // namespace dsconform
