#ifndef DSCONFORM_SKETCHES_THETA_THETA_SUITES_H_
#define DSCONFORM_SKETCHES_THETA_THETA_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/family/family.h"
#include "nlohmann/json.hpp"

namespace dsconform {

const Suite& ThetaMatrixSuite();
const Suite& ThetaSetOpsSuite();
const Suite& ThetaCrossHeapifySuite();
const Suite& ThetaSeedSuite();
const Suite& ThetaAccuracySuite();
const Suite& ThetaAccuracySetOpsSuite();
std::vector<const Suite*> ThetaSuites();

// The seed both libraries use unless told otherwise (DEFAULT_UPDATE_SEED).
constexpr int64_t kThetaDefaultSeed = 9001;
// A seed of our own, for the custom-seed cases and the seed-hash refusals.
constexpr int64_t kThetaCustomSeed = 0x5eed;

// The hash-table transitions of an update sketch with nominal entries 2^lgK
// and resize factor 2^lg_rf, from the published QuickSelect algorithm (both
// libraries): the table starts at lgArr = startingSubMultiple(lgK+1, lg_rf, 5),
// grows by 2^lg_rf when its count exceeds half its size, and once it has
// 2^(lgK+1) slots rebuilds (theta drops, estimation mode) when the count
// exceeds 15/16 of them. Counts are of retained hashes, so with p = 1 they are
// numbers of distinct items.
struct ThetaTransitions {
  int start_lg_arr = 5;
  std::vector<int64_t> resize_points;  // the first count after each resize
  int64_t rebuild_point = 0;           // the first count that rebuilds
};
ThetaTransitions ThetaTransitionsFor(int lg_k, int lg_rf);

// Sizes for one configuration: empty, 1, 2, both sides of every resize and of
// the first rebuild, and a few multiples of K into estimation mode; sorted,
// unique, none above `max_items`.
std::vector<int64_t> ThetaMatrixSizes(int lg_k, int lg_rf, int64_t max_items);

// Every query of a sketch; the ones only an update sketch has.
nlohmann::ordered_json ThetaSketchQueries();
nlohmann::ordered_json ThetaUpdateSketchQueries();

// The case for an imported snapshot (suite "tck"): the image read by heapify
// and wrap, queried, written again compact and compressed, and unioned.
Case ThetaSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_THETA_THETA_SUITES_H_
