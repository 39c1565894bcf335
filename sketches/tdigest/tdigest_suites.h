#ifndef DSCONFORM_SKETCHES_TDIGEST_TDIGEST_SUITES_H_
#define DSCONFORM_SKETCHES_TDIGEST_TDIGEST_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"

namespace dsconform {

const Suite& TdigestStreamsSuite();
const Suite& TdigestSpecialsSuite();
const Suite& TdigestMergesSuite();
const Suite& TdigestAccuracySuite();
std::vector<const Suite*> TdigestSuites();

// The value types of a t-digest slot, from its vocabulary (create's `item`).
std::vector<std::string> TdigestItemTypes();

// The values start..start+count-1 (as value/4: exact in double and float) in
// `order`; `shuffle_seed` drives the shuffled order.
ItemStream TdigestItems(int64_t start, int64_t count, ItemOrder order, uint64_t shuffle_seed);

// Appends a query step on `slot` answering every query of the vocabulary that
// both libraries have: the grids (over the values start..start+n-1) when the
// digest is not empty, since both libraries throw on an empty one.
void AddTdigestQuery(CaseBuilder& b, const std::string& slot, const std::string& as, int64_t start, int64_t n);

// The case of a TCK snapshot (tdigest_<double|float>[_buf]_n<N>_<language>.sk):
// the image read, answered and written again.
Case TdigestSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_TDIGEST_TDIGEST_SUITES_H_
