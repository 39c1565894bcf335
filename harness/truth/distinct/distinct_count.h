#ifndef DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_COUNT_H_
#define DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_COUNT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_program.h"
#include "harness/case/item_stream.h"
#include "harness/truth/slot_items.h"

namespace dsconform {

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

// DistinctCount(ItemSetOfSlot(ops, slot)).
absl::StatusOr<int64_t> DistinctTruthOf(const std::vector<Op>& ops, const std::string& slot);

// The seed that continues a splitmix64 stream of `seed` after `count` items.
uint64_t SplitMix64SeedAfter(uint64_t seed, int64_t count);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_COUNT_H_
