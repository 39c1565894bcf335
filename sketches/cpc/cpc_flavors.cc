// Flavor thresholds, the sizes that cross them, and the queries of the CPC suites.
#include <cmath>
#include <set>

#include "sketches/cpc/cpc_suites.h"

namespace dsconform {

CpcFlavor CpcFlavorOf(int lg_k, int64_t coupons) {
  const int64_t k = int64_t{1} << lg_k;
  if (coupons == 0) return CpcFlavor::kEmpty;
  if (32 * coupons < 3 * k) return CpcFlavor::kSparse;
  if (2 * coupons < k) return CpcFlavor::kHybrid;
  if (8 * coupons < 27 * k) return CpcFlavor::kPinned;
  return CpcFlavor::kSliding;
}

const char* CpcFlavorName(CpcFlavor flavor) {
  switch (flavor) {
    case CpcFlavor::kEmpty: return "EMPTY";
    case CpcFlavor::kSparse: return "SPARSE";
    case CpcFlavor::kHybrid: return "HYBRID";
    case CpcFlavor::kPinned: return "PINNED";
    case CpcFlavor::kSliding: return "SLIDING";
  }
  return "?";
}

std::vector<int64_t> CpcFlavorThresholds(int lg_k) {
  const int64_t k = int64_t{1} << lg_k;
  return {1, (3 * k + 31) / 32, (k + 1) / 2, (27 * k + 7) / 8};
}

double CpcExpectedCoupons(int lg_k, int64_t n) {
  const double k = std::ldexp(1.0, lg_k);
  double sum = 0;
  for (int column = 0; column < 64; ++column) {
    const double q = std::ldexp(1.0, -(column + 1)) / k;  // one cell of this column
    sum += k * -std::expm1(static_cast<double>(n) * std::log1p(-q));
  }
  return sum;
}

int64_t CpcItemsForCoupons(int lg_k, int64_t coupons) {
  int64_t lo = 0, hi = int64_t{1} << 40;
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (CpcExpectedCoupons(lg_k, mid) >= static_cast<double>(coupons)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

std::vector<int64_t> CpcMatrixSizes(int lg_k, int64_t max_items) {
  const int64_t k = int64_t{1} << lg_k;
  std::set<int64_t> sizes = {0, 1, 2};
  for (int64_t threshold : CpcFlavorThresholds(lg_k)) {
    const int64_t n = CpcItemsForCoupons(lg_k, threshold);
    sizes.insert({n > 0 ? n - 1 : 0, n, n + 1});
  }
  // Past K items each doubling of n adds about K coupons, so the sliding window
  // moves about one column per doubling.
  for (int64_t m : {1, 4, 8, 16, 32, 64, 256, 1024}) sizes.insert(k * m);
  std::vector<int64_t> out;
  for (int64_t n : sizes)
    if (n <= max_items) out.push_back(n);
  return out;
}

std::vector<int64_t> CpcFlavorSizes(int lg_k) {
  const int64_t k = int64_t{1} << lg_k;
  const std::vector<int64_t> t = CpcFlavorThresholds(lg_k);
  std::set<int64_t> sizes = {0, 1};
  // Midway (in coupons) between consecutive thresholds, then two points past the last.
  for (size_t i = 0; i + 1 < t.size(); ++i) sizes.insert(CpcItemsForCoupons(lg_k, (t[i] + t[i + 1]) / 2));
  sizes.insert(CpcItemsForCoupons(lg_k, t.back()) + 1);
  sizes.insert(16 * k);
  return {sizes.begin(), sizes.end()};
}

nlohmann::ordered_json CpcSketchQueries() {
  return {"estimate", "lb1", "lb2", "lb3", "ub1", "ub2", "ub3", "is_empty", "lg_k", "validate"};
}

nlohmann::ordered_json CpcWrapQueries() { return {"estimate", "lb1", "lb2", "lb3", "ub1", "ub2", "ub3", "lg_k"}; }

nlohmann::ordered_json WithSeed(nlohmann::ordered_json args, std::optional<int64_t> seed) {
  if (seed) args["seed"] = *seed;
  return args;
}

std::vector<const Suite*> CpcSuites() {
  return {&CpcMatrixSuite(), &CpcUnionSuite(), &CpcCrossHeapifySuite(), &CpcSeedSuite(), &CpcItemsSuite(),
          &CpcAccuracySuite(), &CpcAccuracyUnionsSuite()};
}

}  // namespace dsconform
