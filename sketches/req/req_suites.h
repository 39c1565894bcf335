#ifndef DSCONFORM_SKETCHES_REQ_REQ_SUITES_H_
#define DSCONFORM_SKETCHES_REQ_REQ_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"
#include "harness/truth/ranks/rank_grids.h"
#include "nlohmann/json.hpp"

namespace dsconform {

const Suite& ReqExactSuite();
const Suite& ReqCrossSuite();
const Suite& ReqMergesSuite();
const Suite& ReqSpecialsSuite();
const Suite& ReqAccuracySuite();
const Suite& ReqContinueSuite();
const Suite& ReqParamsSuite();
std::vector<const Suite*> ReqSuites();

// Level 0 of a sketch of `k` holds 2 * 3 sections * k items before its first
// compaction (the nominal capacity of both libraries): below it nothing is random.
inline int64_t ReqFirstCompaction(int k) { return 6 * int64_t{k}; }

// The values start..start+count-1 (doubles, rounded to float by every engine)
// in `order`; `shuffle_seed` drives the shuffled order.
ItemStream ReqItems(int64_t start, int64_t count, ItemOrder order, uint64_t shuffle_seed);

// The create step of a float sketch of `k` in mode `hra`.
void AddReqCreate(CaseBuilder& b, const std::string& slot, int k, bool hra);

// Appends a query step on `slot` answering every query of the vocabulary (the
// grids, and min/max, only when n > 0: the libraries throw on an empty sketch).
void AddReqQuery(CaseBuilder& b, const std::string& slot, const std::string& as, int64_t start, int64_t n);

// "hra" / "lra": the mode as case ids name it.
inline const char* ReqModeName(bool hra) { return hra ? "hra" : "lra"; }

// The case of a TCK snapshot (req_float_n<N>_<language>.sk): the image read,
// written again, and every query but the split-point grids answered.
Case ReqSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_REQ_REQ_SUITES_H_
