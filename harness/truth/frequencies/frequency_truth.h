#ifndef DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_TRUTH_H_
#define DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_TRUTH_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "harness/case/case_program.h"

namespace dsconform {

// The exact weight of every item a frequent-items slot was fed, by the item's
// text as queries name it (`keys`: longs in decimal, strings as they are).
class ExactFrequencies {
 public:
  // Follows `ops` to `slot`: create starts a slot empty, update adds each item
  // of its tape with the step's `weight` (1 when it has none), merge adds its
  // `from` slot's items, copy takes them. A slot made any other way
  // (deserialize) or changed by a step this does not know has no truth: the
  // harness does not know what an image held.
  static absl::StatusOr<ExactFrequencies> OfSlot(const std::vector<Op>& ops, const std::string& slot);

  int64_t total_weight() const { return total_; }
  int64_t WeightOf(const std::string& key) const;  // 0 for an item never fed
  size_t distinct() const;
  // The items weighing more than `threshold` with their weights, in key order: the first broken
  // promise a check names is the same every run.
  std::vector<std::pair<std::string, int64_t>> HeavierThan(int64_t threshold) const;
  // A key as an answer names it: an int answer of a long sketch in decimal, a string as it is.
  static std::string KeyOfLong(int64_t v);

 private:
  // Every weight by its key's text, long and string items in one map (where a case mixes them).
  absl::flat_hash_map<std::string, int64_t> Merged() const;

  // Hashed, not ordered: a full-scale case feeds millions of distinct items, and an ordered map's
  // inserts, walks and frees were most of Frequent items' records step. Longs are counted as
  // numbers and named in decimal only when asked: their text was most of what remained.
  absl::flat_hash_map<int64_t, int64_t> longs_;
  absl::flat_hash_map<std::string, int64_t> strings_;
  int64_t total_ = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_TRUTH_H_
