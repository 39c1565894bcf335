#include <algorithm>
#include <set>

#include "sketches/hll/hll_suites.h"

namespace dsconform {

const char* const kHllTypes[3] = {"HLL_4", "HLL_6", "HLL_8"};

HllTransitions HllTransitionsFor(int lg_k) {
  HllTransitions t;
  if (lg_k < 8) {
    t.first_set = 0;
    return t;
  }
  constexpr int kLgInitSetSize = 5;
  for (int lg_arr = kLgInitSetSize; lg_arr <= lg_k - 3; ++lg_arr) {
    const int64_t threshold = (int64_t{3} << lg_arr) / 4;  // last count before growing or promoting
    if (lg_arr == lg_k - 3) {
      t.last_set = threshold;
    } else {
      t.set_grow_points.push_back(threshold + 1);
    }
  }
  return t;
}

std::vector<int64_t> HllMatrixSizes(int lg_k, int64_t max_items) {
  const int64_t k = int64_t{1} << lg_k;
  std::set<int64_t> sizes = {0, 1, 2};
  const HllTransitions t = HllTransitionsFor(lg_k);
  sizes.insert({t.last_list, t.last_list + 1, t.last_list + 2});
  if (t.last_set > 0) {
    sizes.insert({t.last_set - 1, t.last_set, t.last_set + 1, t.last_set + 2});
    // The first and last growth of the SET array; the ones between behave alike.
    if (!t.set_grow_points.empty()) {
      sizes.insert(t.set_grow_points.front());
      sizes.insert(t.set_grow_points.back());
    }
  }
  for (int64_t eighths : {2, 4, 8, 12, 16, 32, 64}) sizes.insert(k * eighths / 8);
  for (int64_t m = 16; sizes.size() < 17 || m <= 32; m *= 2) sizes.insert(k * m);  // HLL_4 aux table territory
  std::vector<int64_t> out;
  for (int64_t n : sizes)
    if (n <= max_items) out.push_back(n);
  return out;
}

nlohmann::ordered_json HllSketchQueries() {
  return {"estimate", "composite", "lb1",      "lb2",      "lb3",        "ub1",         "ub2",
          "ub3",      "is_empty",  "is_compact", "lg_k",   "type",       "compact_size", "updatable_size"};
}

nlohmann::ordered_json HllUnionQueries() {
  return {"estimate", "composite", "lb1", "lb2", "lb3", "ub1", "ub2", "ub3", "is_empty", "lg_k"};
}

std::vector<const Suite*> HllSuites() {
  return {&HllMatrixSuite(),         &HllUnionSuite(),          &HllCrossHeapifySuite(),
          &HllAccessorDeterminismSuite(), &HllRelativeErrorSuite(), &HllItemsSuite(),
          &HllAccuracySuite(),      &HllAccuracyUnionsSuite()};
}

}  // namespace dsconform
