#ifndef DSCONFORM_SKETCHES_EBPPS_EBPPS_SUITES_H_
#define DSCONFORM_SKETCHES_EBPPS_EBPPS_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"

namespace dsconform {

const Suite& EbppsExactSuite();
const Suite& EbppsSamplingSuite();
const Suite& EbppsWeightsSuite();
const Suite& EbppsAccuracySuite();
std::vector<const Suite*> EbppsSuites();

// The items start..start+count-1 of `item`: ordered longs, or ordered strings
// (non-ASCII ones, utf8_strings, when `utf8`).
ItemStream EbppsItems(const std::string& item, int64_t start, int64_t count, bool utf8 = false);

// The queries every library answers about a sketch (the Python binding has no
// cumulative weight: it answers that one unsupported).
nlohmann::ordered_json EbppsQueries();

// The case of an image from outside the suites (a TCK file, a fuzzed mutant).
Case EbppsSnapshotCase(const std::string& id, const std::string& image);

// How the items of a workload are weighted. Weights are constant within a
// block of consecutive items (an update step has one weight), so each pattern
// is a function of the item's position v in 0..n-1 and n:
//   uniform: 1;
//   ramp:    1, 2, 4, 8 by quarters of the items;
//   heavy:   item 0 weighs n, every other 1 (the heavy one is sampled surely);
//   tiny:    the first half 1e-3, the other 1.
enum class EbppsWeights { kUniform, kRamp, kHeavy, kTiny };
const char* EbppsWeightsName(EbppsWeights w);
double EbppsWeightOf(EbppsWeights w, int64_t v, int64_t n);
// The blocks of a pattern over n items: [first, count, weight as decimal text].
struct EbppsBlock {
  int64_t first;
  int64_t count;
  std::string weight;
};
std::vector<EbppsBlock> EbppsBlocks(EbppsWeights w, int64_t n);

// Appends the update steps that feed `slot` the items start.. of `item` weighted by `w`
// (item start+v weighs EbppsWeightOf(w, v, n)), each with `extra` members (a seed).
void AddEbppsUpdates(CaseBuilder& b, const std::string& slot, const std::string& item, int64_t start, int64_t n,
                     EbppsWeights w, const nlohmann::ordered_json& extra);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_EBPPS_EBPPS_SUITES_H_
