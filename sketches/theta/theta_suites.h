#ifndef DSCONFORM_SKETCHES_THETA_THETA_SUITES_H_
#define DSCONFORM_SKETCHES_THETA_THETA_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/family/family.h"
#include "harness/family/quickselect_transitions.h"
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

// Every query of a sketch; the ones only an update sketch has.
nlohmann::ordered_json ThetaSketchQueries();
nlohmann::ordered_json ThetaUpdateSketchQueries();

// The case for an imported snapshot (suite "tck"): the image read by heapify
// and wrap, queried, written again compact and compressed, and unioned.
Case ThetaSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_THETA_THETA_SUITES_H_
