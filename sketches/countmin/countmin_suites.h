#ifndef DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_SUITES_H_
#define DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_SUITES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"
#include "nlohmann/json.hpp"

namespace dsconform {

const Suite& CountminShapesSuite();
const Suite& CountminItemsSuite();
const Suite& CountminSeedsSuite();
const Suite& CountminMergesSuite();
const Suite& CountminSuggestSuite();
const Suite& CountminAccuracySuite();
std::vector<const Suite*> CountminSuites();

// The counter types of a Count-min slot, from its vocabulary (create's `weight`).
std::vector<std::string> CountminWeightTypes();

// The members of a create step: shape, counter type and, when given, the seed
// (absent: the library's default).
nlohmann::ordered_json CountminCreate(int num_hashes, int64_t num_buckets, const std::string& weight,
                                      std::optional<int64_t> seed);

// Appends a query step on `slot` answering every query both libraries have
// (`native` adds the native-only ones).
void AddCountminQuery(CaseBuilder& b, const std::string& slot, const std::string& as, bool native);

// Appends an estimate step on `slot` for the items of `items` (estimate and
// both bounds of each).
void AddCountminEstimates(CaseBuilder& b, const std::string& slot, const std::string& as, const ItemStream& items);

// Appends the cross stage every suite ends with: `image` read by every engine
// (counter type `weight`, `seed` as the writer had it), every query, the
// estimates of `queried`, then `more` added and the image written again.
void AddCountminCross(CaseBuilder& b, const std::string& image, const std::string& weight,
                      std::optional<int64_t> seed, const ItemStream& queried, const ItemStream& more);

// At most this many items are queried per estimate step: each makes three fields.
constexpr int64_t kCountminMaxQueried = 64;

// The case of a TCK snapshot (count_min_<empty|non_empty>_<language>.sk, as
// datasketches-cpp's tests write them): the image read with the default seed,
// answered and written again.
Case CountminSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_SUITES_H_
