#ifndef DSCONFORM_SKETCHES_VAROPT_VAROPT_SUITES_H_
#define DSCONFORM_SKETCHES_VAROPT_VAROPT_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"

namespace dsconform {

const Suite& VaroptExactSuite();
const Suite& VaroptSamplingSuite();
const Suite& VaroptWeightsSuite();
const Suite& VaroptUnionSuite();
std::vector<const Suite*> VaroptSuites();

// The seed every step that may sample carries: datasketches-cpp pins its bits
// with it; the other libraries cannot (their fields are "lang.").
constexpr int64_t kVaroptSeed = 20261203;

// The tape of `count` items of `item`, distinct across `start`s: "long" from
// SplitMix64, "string" ASCII text, "utf8" non-ASCII UTF-8 text (a string slot).
// The ASCII strings keep the Python binding's string serde (finding K5) out of
// every case but the utf8 ones.
// The slot's item type of `item`: long or string.
std::string VaroptSlotItem(const std::string& item);

ItemStream VaroptItems(const std::string& item, int64_t start, int64_t count);

// Appends the updates of `n` items from `start` with the weights of `scheme`:
// "unit" (1), "uniform" (0.7), "skewed" (four quarters weighing 1e-3, 1, 1e3,
// 1e9), "one_heavy" (one item of 1e12, the rest 1). `seeded`: every update
// carries kVaroptSeed.
void AddVaroptUpdates(CaseBuilder& b, const std::string& slot, const std::string& item, int64_t start, int64_t n,
                      const std::string& scheme, bool seeded);

// The weight schemes of AddVaroptUpdates.
std::vector<std::string> VaroptWeightSchemes();

// Appends what is observed of a sketch: its queries (`native` adds the
// native-only ones, named `slot`), its sample and its subset sums for every
// predicate, all named under `as`. The sample (two fields per item) only
// `with_sample`: suites ask it of sketches of k up to kVaroptMaxSampled.
void AddVaroptObservations(CaseBuilder& b, const std::string& slot, const std::string& as, bool native,
                           bool with_sample);
constexpr int64_t kVaroptMaxSampled = 1000;

// Appends the cross stage: `image` read by every engine as a sketch of
// `item`, observed (its bytes written again must be the writer's), then
// continued with `more` items of `scheme` under the seed ("lang." fields: a
// continuation past k draws random bits).
void AddVaroptCross(CaseBuilder& b, const std::string& image, const std::string& item, int64_t more,
                    bool with_sample);

// The case of a TCK snapshot (varopt_sketch_*_<language>.sk): the image read
// as the item type its name says, observed and written again (it must give the
// file's bytes).
Case VaroptSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_VAROPT_VAROPT_SUITES_H_
