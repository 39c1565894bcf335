#ifndef DSCONFORM_SKETCHES_QUANTILES_QUANTILES_SUITES_H_
#define DSCONFORM_SKETCHES_QUANTILES_QUANTILES_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"
#include "harness/truth/ranks/rank_grids.h"
#include "nlohmann/json.hpp"

namespace dsconform {

const Suite& QuantilesExactSuite();
const Suite& QuantilesCrossSuite();
const Suite& QuantilesMergesSuite();
const Suite& QuantilesSpecialsSuite();
const Suite& QuantilesAccuracySuite();
std::vector<const Suite*> QuantilesSuites();

// The item types of a Quantiles slot, from its vocabulary (quantiles_steps.json: create's `item`).
std::vector<std::string> QuantilesItemTypes();

// The values start..start+count-1 as items of `item_type` in `order`;
// `shuffle_seed` drives the shuffled order.
ItemStream QuantilesItems(const std::string& item_type, int64_t start, int64_t count, ItemOrder order,
                          uint64_t shuffle_seed);

// Appends a query step on `slot` answering every query of the vocabulary (the
// grids, and min/max, only when n > 0: the libraries throw on an empty sketch).
void AddQuantilesQuery(CaseBuilder& b, const std::string& slot, const std::string& as, const std::string& item_type,
                       int64_t start, int64_t n);

// Stream lengths around every level transition of a classic sketch of `k`:
// the base buffer fills at 2k, and level j first fills at n = 2k * 2^j, so
// both sides of 2k*2^j for j = 0..levels-1, plus 0, 1, k, at most `max_n`.
std::vector<int64_t> QuantilesSizes(int k, int levels, int64_t max_n);

// The case of a TCK snapshot (quantiles_<item>_n<N>_<language>.sk, the item
// type taken from the name): the image read, written again, and every query
// but the split-point grids answered.
Case QuantilesSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_QUANTILES_QUANTILES_SUITES_H_
