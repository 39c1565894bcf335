#ifndef DSCONFORM_SKETCHES_KLL_KLL_SUITES_H_
#define DSCONFORM_SKETCHES_KLL_KLL_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"
#include "harness/truth/ranks/rank_grids.h"
#include "nlohmann/json.hpp"

namespace dsconform {

const Suite& KllVersionsSuite();
const Suite& KllExactSuite();
const Suite& KllCrossSuite();
const Suite& KllAccuracySuite();
std::vector<const Suite*> KllSuites();

// The item types of a KLL slot, from its vocabulary (kll_steps.json: create's `item`).
std::vector<std::string> KllItemTypes();

// The values start..start+count-1 as items of `item_type` in `order`;
// `shuffle_seed` drives the shuffled order.
ItemStream KllItems(const std::string& item_type, int64_t start, int64_t count, ItemOrder order,
                    uint64_t shuffle_seed);

// Appends a query step on `slot` answering every query: the grids when the
// sketch is not empty (they throw on an empty one), the native-only ones when
// `native` is set. Fields are "<as>.<query>[...]".
void AddKllQuery(CaseBuilder& b, const std::string& slot, const std::string& as, const std::string& item_type,
                 int64_t start, int64_t n, bool native);

// Sizes that matter for one k: 0, 1, 2, both sides of every items-buffer size
// of datasketches-cpp's lazy growth (200, 1600, 12800) below k, and around the
// first compactions (k, k+1, 2k+1, 4k+3), at most `max_n`; sorted, unique.
std::vector<int64_t> KllSizes(int k, int64_t max_n);

// The case of a TCK snapshot (kll_<item>_n<N>_<language>.sk, the item type
// taken from the name): the image read by heapify and by wrap, written again,
// and every cross-language query answered, the grids over the image's range.
Case KllSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_KLL_KLL_SUITES_H_
