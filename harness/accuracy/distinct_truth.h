#ifndef DSCONFORM_HARNESS_ACCURACY_DISTINCT_TRUTH_H_
#define DSCONFORM_HARNESS_ACCURACY_DISTINCT_TRUTH_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_program.h"
#include "harness/case/item_stream.h"

namespace dsconform {

// The items a slot holds, as set algebra over item streams: a union (of
// `streams` and of `sets`), an intersection of `sets` (none yet: no result),
// or the difference sets[0] \ sets[1] (Theta's A-not-B).
struct ItemSet {
  enum class Kind { kUnion, kIntersection, kDifference };
  Kind kind = Kind::kUnion;
  std::vector<ItemStream> streams;  // kUnion only
  std::vector<ItemSet> sets;
};

// The exact number of distinct items in `set`, computed without listing them,
// so a million-item trial costs nothing to judge.
//
// Why it is exact:
// - `sequence` yields the longs start .. start+count-1: an interval of 64-bit
//   patterns (mod 2^64).
// - `splitmix64` yields mix(s + (i+1)G) for i = 0 .. count-1, with G the odd
//   golden-gamma constant. mix is a bijection of 64-bit words (xor-shifts and
//   multiplications by odd constants are each invertible), so two items are
//   equal exactly when their counter states are, and state = G * x for the
//   index x = s * G^-1 + i + 1 (mod 2^64; G is odd, so it has an inverse). A
//   stream is thus an interval of indices, whatever its seed: two streams
//   share items exactly where their index intervals overlap (a stream
//   continued by a second update with seed s + count*G is the next interval).
// - When every stream of the set is of one kind, each is an interval of one
//   space (values, or indices), and union, intersection and difference of
//   finite unions of intervals are again finite unions of intervals, computed
//   exactly by sorting and sweeping their end points. Item equality is
//   interval membership there, so the count is exact.
// - Sequences and splitmix64 streams mixed in one set are not in one space (a
//   sequence value may equal some mix output): their items are listed, sorted
//   and the set algebra done on the lists when they hold at most 2^22 items in
//   all, else there is no cheap truth (an error).
// Other generators (doubles, strings, bytes) have no truth yet (an error), nor
// has an intersection that was never given a sketch.
absl::StatusOr<int64_t> DistinctCount(const ItemSet& set);
// DistinctCount of the union of `streams`.
absl::StatusOr<int64_t> DistinctCount(const std::vector<ItemStream>& streams);

// The items every slot holds, followed step by step: update adds its items,
// merge adds the source's to a union or sketch and intersects an intersection
// with them, create/union/reset start empty, intersection starts with no
// result yet, a_not_b is its `a` minus its `b`, result/copy/convert/compact
// take their source's. A step that makes a slot from elsewhere (deserialize)
// or one this does not know leaves the slot without a truth. A suite that asks
// for truths as it adds steps follows each step once.
class SlotItemSets {
 public:
  void Follow(const Op& op);
  absl::StatusOr<ItemSet> Of(const std::string& slot) const;

 private:
  std::map<std::string, ItemSet> held_;
  std::set<std::string> intersections_;        // slots that intersect what is merged in
  std::map<std::string, std::string> unknown_;  // slot -> why its items are not known
};

// The items of `slot` after `ops` ran (SlotItemSets).
absl::StatusOr<ItemSet> ItemSetOfSlot(const std::vector<Op>& ops, const std::string& slot);

// The streams that fed `slot`, when its items are their union (no
// intersection or difference on the way; else an error).
absl::StatusOr<std::vector<ItemStream>> StreamsOfSlot(const std::vector<Op>& ops, const std::string& slot);

// DistinctCount(ItemSetOfSlot(ops, slot)).
absl::StatusOr<int64_t> DistinctTruthOf(const std::vector<Op>& ops, const std::string& slot);

// The seed that continues a splitmix64 stream of `seed` after `count` items.
uint64_t SplitMix64SeedAfter(uint64_t seed, int64_t count);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ACCURACY_DISTINCT_TRUTH_H_
