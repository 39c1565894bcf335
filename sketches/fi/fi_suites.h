#ifndef DSCONFORM_SKETCHES_FI_FI_SUITES_H_
#define DSCONFORM_SKETCHES_FI_FI_SUITES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"
#include "nlohmann/json.hpp"

namespace dsconform {

const Suite& FiStreamsSuite();
const Suite& FiSkewSuite();
const Suite& FiMergesSuite();
const Suite& FiAccuracySuite();
std::vector<const Suite*> FiSuites();

// The item types of a Frequent items slot, from its vocabulary (fi_steps.json: create's `item`).
std::vector<std::string> FiItemTypes();

// The values start..start+count-1 as items of `item_type` (longs as they are,
// strings "item-<value>"), shuffled by `seed` (0: ascending).
ItemStream FiItems(const std::string& item_type, int64_t start, int64_t count, uint64_t seed);
// Value v as FiItems gives it, as text: a key of the grid queries.
std::string FiKey(const std::string& item_type, int64_t v);

// The map capacity of a sketch at its maximum map size (0.75 * 2^lg): more
// distinct items than this purge.
int64_t FiCapacity(int lg_max_map_size);

// Appends a query step on `slot` answering every cross-language query: the
// scalar ones, estimate and bounds of `keys`, and the frequent items at both
// error types, at the maximum error and, when given, at `threshold` (fields
// "<as>.*" and "<as>_t.*"). `native` adds the native-only queries. Without
// `lists` (a sketch of more than kFiMaxListed active items) the frequent items
// are left out: millions of observed rows would say no more than the image.
void AddFiQuery(CaseBuilder& b, const std::string& slot, const std::string& as, const std::vector<std::string>& keys,
                std::optional<int64_t> threshold, bool native, bool lists = true);
constexpr int64_t kFiMaxListed = 4096;

// The members a create or deserialize step of `item_type` carries for Java's
// long implementation `impl` ("longs" or "items"; "" for strings).
nlohmann::ordered_json FiImplMembers(const std::string& item_type, const std::string& impl);

// The case of a TCK snapshot (frequent_long_n<N>_<language>.sk,
// frequent_string_..., the item type taken from the name): the image read,
// every query answered, written again and compared with the input.
Case FiSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_FI_FI_SUITES_H_
