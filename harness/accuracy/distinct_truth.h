#ifndef DSCONFORM_HARNESS_ACCURACY_DISTINCT_TRUTH_H_
#define DSCONFORM_HARNESS_ACCURACY_DISTINCT_TRUTH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_program.h"
#include "harness/case/item_stream.h"

namespace dsconform {

// The exact number of distinct items in the union of `streams`, computed
// without listing them, so a million-item trial costs nothing to judge.
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
// - Intervals of one space are merged exactly. Sequences and splitmix64
//   streams mixed in one union are listed, sorted and counted when they hold
//   at most 2^22 items, else there is no cheap truth (an error).
// Other generators (doubles, strings, bytes) have no truth yet (an error).
absl::StatusOr<int64_t> DistinctCount(const std::vector<ItemStream>& streams);

// The streams that fed `slot` after `ops` ran: update adds its items, merge
// adds the source's, union/create start empty, result/copy/convert take their
// source's, reset empties. A step that makes a slot from elsewhere
// (deserialize) or a set operation this does not know yet is an error.
absl::StatusOr<std::vector<ItemStream>> StreamsOfSlot(const std::vector<Op>& ops, const std::string& slot);

// DistinctCount(StreamsOfSlot(ops, slot)).
absl::StatusOr<int64_t> DistinctTruthOf(const std::vector<Op>& ops, const std::string& slot);

// The seed that continues a splitmix64 stream of `seed` after `count` items.
uint64_t SplitMix64SeedAfter(uint64_t seed, int64_t count);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ACCURACY_DISTINCT_TRUTH_H_
