// What the Bloom filter suites share: filter specs, item streams and the life of a filter.
#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "sketches/bloom/bloom_family.h"
#include "sketches/bloom/bloom_suites.h"

namespace dsconform {

std::vector<const Suite*> BloomSuites() {
  return {&BloomSizesSuite(), &BloomItemsSuite(), &BloomSetOpsSuite(), &BloomSuggestSuite(), &BloomAccuracySuite()};
}

BloomSpec BloomSpec::BySize(int64_t num_bits, int64_t num_hashes, int64_t seed) {
  BloomSpec s;
  s.by_size = true;
  s.num_bits = num_bits;
  s.num_hashes = num_hashes;
  s.seed = seed;
  return s;
}

BloomSpec BloomSpec::ByAccuracy(int64_t max_items, std::string fpp, int64_t seed) {
  BloomSpec s;
  s.by_size = false;
  s.max_items = max_items;
  s.fpp = std::move(fpp);
  s.seed = seed;
  return s;
}

nlohmann::ordered_json BloomSpec::CreateArgs() const {
  if (by_size) return {{"by", "size"}, {"num_bits", num_bits}, {"num_hashes", num_hashes}, {"seed", seed}};
  return {{"by", "accuracy"}, {"max_items", max_items}, {"fpp", fpp}, {"seed", seed}};
}

std::string BloomSpec::Id() const {
  if (by_size) return absl::StrCat("by=size/bits=", num_bits, "/hashes=", num_hashes, "/seed=", seed);
  return absl::StrCat("by=accuracy/max=", max_items, "/fpp=", fpp, "/seed=", seed);
}

int64_t BloomSpec::DesignItems() const {
  if (!by_size) return max_items;
  return std::max<int64_t>(1, std::llround(static_cast<double>(num_bits) * std::log(2.0) / num_hashes));
}

nlohmann::ordered_json BloomQueries() {
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : families::bloom().vocabulary().queries())
    if (!q.native_only) queries.push_back(q.name);
  return queries;
}

namespace {
// Far from every start and seed the suites insert from; ordered streams end below 10^10
// (harness/case/item_stream.cc), so the ordered doubles start below that.
constexpr int64_t kNeverStart = int64_t{1} << 32;
constexpr int64_t kMoreDoublesStart = 8000000000;
constexpr uint64_t kNeverSeed = 0x5eed0000b100f;
}  // namespace

ItemStream BloomInserted(ItemGenerator generator, int64_t count) {
  ItemStream s;
  s.generator = generator;
  s.count = count;
  s.seed = 17;
  return s;
}

ItemStream BloomNeverInserted(ItemGenerator generator, int64_t count) {
  ItemStream s;
  s.count = count;
  switch (generator) {
    case ItemGenerator::kSplitMix64:
    case ItemGenerator::kByteArrays:
      s.generator = generator;
      s.seed = kNeverSeed;
      break;
    case ItemGenerator::kDoubles:
      // The doubles generator starts with its specials whatever its seed: other doubles instead.
      s.generator = ItemGenerator::kOrderedDoubles;
      s.start = kNeverStart;
      break;
    default:
      s.generator = generator;
      s.start = kNeverStart;
  }
  return s;
}

ItemStream BloomMore(ItemGenerator generator, int64_t inserted, int64_t count) {
  ItemStream s;
  s.generator = generator;
  s.count = count;
  if (generator == ItemGenerator::kSplitMix64 || generator == ItemGenerator::kByteArrays ||
      generator == ItemGenerator::kDoubles) {
    s.seed = 1000 + static_cast<uint64_t>(inserted);
    if (generator == ItemGenerator::kDoubles) {
      s.generator = ItemGenerator::kOrderedDoubles;  // past the specials, as above
      s.start = kMoreDoublesStart;
    }
  } else {
    s.start = inserted;
  }
  return s;
}

void AddBloomLifecycle(CaseBuilder& b, const BloomSpec& spec, const ItemStream& in, const ItemStream& out,
                       const ItemStream& more) {
  b.Step("create", "a", spec.CreateArgs());
  if (in.count > 0) b.Update("a", in);
  // The image first: a C++ get_bits_used counts the bits and changes what the image says.
  b.Step("serialize", "a", {{"form", "compact"}});
  b.Step("query", "a", {{"queries", BloomQueries()}});
  b.Step("serialize", "a", {{"form", "compact"}, {"as", "counted"}});
  if (in.count > 0) {
    b.StepWithItems("query_items", "a", in, {{"as", "in"}});
    b.Check("bloom_no_false_negatives", {"in.absent"});
  }
  if (out.count > 0) b.StepWithItems("query_items", "a", out, {{"as", "out"}});
  b.Check("bloom_image_consistent", {"a.compact", "counted.compact"});
  b.Cross({"a.compact", "counted.compact"});
  b.Step("deserialize", "r", {{"image", "a.compact"}, {"mode", "heapify"}});
  b.Step("serialize", "r", {{"form", "compact"}});
  b.Step("query", "r", {{"queries", BloomQueries()}});
  b.Step("deserialize", "rc", {{"image", "counted.compact"}, {"mode", "heapify"}});
  b.Step("serialize", "rc", {{"form", "compact"}});
  if (in.count > 0) b.StepWithItems("query_items", "r", in, {{"as", "r_in"}});
  if (out.count > 0) b.StepWithItems("query_items", "r", out, {{"as", "r_out"}});
  if (more.count > 0) b.StepWithItems("query_and_update", "r", more, {{"as", "r_more_first"}});
  if (more.count > 0) b.StepWithItems("query_items", "r", more, {{"as", "r_more"}});
  b.Step("serialize", "r", {{"form", "compact"}, {"as", "r_more"}});
  b.Step("query", "r", {{"queries", BloomQueries()}, {"as", "r_more"}});
  b.Step("deserialize", "ro", {{"image", "a.compact"}, {"mode", "wrap"}});
  b.Step("query", "ro", {{"queries", BloomQueries()}});
  // The answers under the slot's own name (ro.answers): an engine without wrap answers the slot unsupported.
  if (in.count > 0) b.StepWithItems("query_items", "ro", in, {{"as", "ro"}});
  // Last: both libraries refuse to wrap an empty image for writing, and to update a
  // read-only one; either refusal ends the stage.
  b.Step("deserialize", "w", {{"image", "a.compact"}, {"mode", "writable_wrap"}});
  if (in.count > 0) b.StepWithItems("query_items", "w", in, {{"as", "w"}});
  if (more.count > 0) b.Update("w", more);
  b.Step("query", "w", {{"queries", BloomQueries()}});
  b.Step("serialize", "w", {{"form", "compact"}});
  if (more.count > 0) b.Update("ro", more);
}

}  // namespace dsconform
