#ifndef DSCONFORM_SKETCHES_HLL_HLL_SUITES_H_
#define DSCONFORM_SKETCHES_HLL_HLL_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/family/family.h"
#include "nlohmann/json.hpp"

namespace dsconform {

const Suite& HllMatrixSuite();
const Suite& HllUnionSuite();
const Suite& HllCrossHeapifySuite();
const Suite& HllAccessorDeterminismSuite();
const Suite& HllRelativeErrorSuite();
const Suite& HllItemsSuite();
const Suite& HllAccuracySuite();
const Suite& HllAccuracyUnionsSuite();
std::vector<const Suite*> HllSuites();

// The mode transitions of an HLL sketch with this lgK, from the published
// algorithm: LIST holds 7 coupons and the 8th promotes it (to SET when lgK >= 8,
// else straight to HLL); SET grows when 4 * count > 3 * 2^lgArr and, at
// lgArr = lgK - 3, promotes to HLL instead.
struct HllTransitions {
  int64_t last_list = 7;
  int64_t first_set = 8;   // 0 when lgK < 8 (no SET mode)
  int64_t last_set = 0;    // 0 when lgK < 8
  std::vector<int64_t> set_grow_points;  // counts at which the SET array doubles
};
HllTransitions HllTransitionsFor(int lg_k);

// Sizes for one lgK: empty, 1, both sides of every transition, and multiples
// of K far enough for HLL_4's aux table to fill; at least 17, sorted, unique.
// `max_items` bounds the largest size (the full scale allows more).
std::vector<int64_t> HllMatrixSizes(int lg_k, int64_t max_items);

// Every query of a sketch; the subset defined on a union.
nlohmann::ordered_json HllSketchQueries();
nlohmann::ordered_json HllUnionQueries();

extern const char* const kHllTypes[3];

// The case for an imported snapshot (suite "tck"): the image read by heapify
// and wrap, queried, written again in both forms; the compact form must give
// back the writer's bytes.
Case HllSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_HLL_HLL_SUITES_H_
