#ifndef DSCONFORM_SKETCHES_BLOOM_BLOOM_SUITES_H_
#define DSCONFORM_SKETCHES_BLOOM_BLOOM_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"

namespace dsconform {

const Suite& BloomSizesSuite();
const Suite& BloomItemsSuite();
const Suite& BloomSetOpsSuite();
const Suite& BloomSuggestSuite();
const Suite& BloomAccuracySuite();
std::vector<const Suite*> BloomSuites();

// How a case builds a filter: by size (num_bits, num_hashes) or by accuracy
// (max_items, fpp), always with a seed (neither library has a fixed default).
struct BloomSpec {
  bool by_size = true;
  int64_t num_bits = 0;
  int64_t num_hashes = 0;
  int64_t max_items = 0;
  std::string fpp;  // decimal text, as the case carries it
  int64_t seed = 9001;

  static BloomSpec BySize(int64_t num_bits, int64_t num_hashes, int64_t seed = 9001);
  static BloomSpec ByAccuracy(int64_t max_items, std::string fpp, int64_t seed = 9001);
  // The create step's members.
  nlohmann::ordered_json CreateArgs() const;
  // The case id segments: "by=size/bits=1000/hashes=3/seed=9001", "by=accuracy/max=100/fpp=0.01/seed=9001".
  std::string Id() const;
  // The number of items it is designed for: max_items, or by size the count at
  // which num_hashes is optimal, num_bits * ln 2 / num_hashes (at least 1).
  int64_t DesignItems() const;
};

// The queries of the vocabulary both libraries answer (not the native-only ones).
nlohmann::ordered_json BloomQueries();

// Items of `generator`'s kind that no suite inserts alongside `Inserted(generator, ...)`:
// another start or seed far from theirs (byte arrays of another seed may still repeat a
// short one, the empty array among them).
ItemStream BloomInserted(ItemGenerator generator, int64_t count);
ItemStream BloomNeverInserted(ItemGenerator generator, int64_t count);
// `count` more items of the kind, after those of BloomInserted.
ItemStream BloomMore(ItemGenerator generator, int64_t inserted, int64_t count);

// The whole life of one filter, appended to `b`: create by `spec`, insert `in`, the
// image before anything counts its bits ("a.compact"), every query, the image again
// ("counted.compact": C++ counts on get_bits_used), the answers for `in` ("in") and for
// `out` ("out"), image and no-false-negative checks; then a cross stage in which each
// image is read back (heapify, read-only wrap, writable wrap), answered, updated with
// `more` and written again, and last an update of the read-only wrap, which both refuse.
void AddBloomLifecycle(CaseBuilder& b, const BloomSpec& spec, const ItemStream& in, const ItemStream& out,
                       const ItemStream& more);

// The case of a TCK snapshot (bf_n<N>_h<H>_<language>.sk: the longs 0..N/10-1 and NaN,
// or bf_<kind>_n<N>_h<H>_go.sk): the image read, answered and written again.
Case BloomSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_BLOOM_BLOOM_SUITES_H_
