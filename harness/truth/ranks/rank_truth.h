#ifndef DSCONFORM_HARNESS_TRUTH_RANKS_RANK_TRUTH_H_
#define DSCONFORM_HARNESS_TRUTH_RANKS_RANK_TRUTH_H_

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/item_stream.h"

namespace dsconform {

// An item as a quantiles sketch of one item type compares it: long items as
// int64, double and float items as double (floats widened exactly), string
// items as their bytes.
using RankItem = std::variant<int64_t, double, std::string>;

// A grid point of a case (`points` of a KLL query: a decimal, or the string
// itself) as the engines read it for a sketch of `item_type` (double, float,
// long, string; sketches/kll/kll_vocabulary.h): strtod, strtof, strtoll.
absl::StatusOr<RankItem> ParseRankItem(const std::string& item_type, const std::string& text);

// The exact ranks of every item a quantiles sketch of `item_type` was fed:
// how many items lie below (exclusive) or at or below (inclusive) any item.
//
// Why it is exact and cheap: the ordered_* generators emit the values
// start..start+count-1 in some order, and the item of a value (v, v/4, or v
// as ten digits) is monotone in v, whatever the order; so a stream is a sorted
// run whose i-th item is computed, not stored, and a count is a binary search,
// for a billion items as for ten. Other generators (sequence, splitmix64,
// doubles, strings) are listed and sorted, up to 2^22 items (more is an
// error). Float sketches round each double to float, as the engines do; NaN
// items are left out, as the sketches ignore them.
class ExactRanks {
 public:
  static absl::StatusOr<ExactRanks> Of(const std::vector<ItemStream>& streams, const std::string& item_type);

  int64_t n() const { return n_; }
  // Items below `item` (inclusive: at or below it). `item` must be of the
  // alternative the item type uses.
  int64_t CountBelow(const RankItem& item, bool inclusive) const;
  // CountBelow / n: the normalized rank an exact sketch answers.
  double RankOf(const RankItem& item, bool inclusive) const;

 private:
  // `size` items in non-decreasing order: the items of an ordered generator's values start,
  // start+1, ... (computed where a count looks, never stored), or the listed items, sorted.
  struct SortedRun {
    int64_t size = 0;
    ItemGenerator generator = ItemGenerator::kSequence;  // an ordered_* one, unless listed
    int64_t start = 0;
    bool as_float = false;  // a double item as a float sketch holds it
    std::shared_ptr<const std::vector<RankItem>> listed;
  };
  static int64_t CountInRun(const SortedRun& run, const RankItem& item, bool inclusive);
  std::vector<SortedRun> runs_;
  int64_t n_ = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_RANKS_RANK_TRUTH_H_
