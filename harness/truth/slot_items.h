#ifndef DSCONFORM_HARNESS_TRUTH_SLOT_ITEMS_H_
#define DSCONFORM_HARNESS_TRUTH_SLOT_ITEMS_H_

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_program.h"
#include "harness/case/item_stream.h"

namespace dsconform {

// What the items of a slot are, followed through a case's steps: what every
// kind of truth is computed from (distinct counts, exact ranks).

// The items a slot holds, as set algebra over item streams: a union (of
// `streams` and of `sets`), an intersection of `sets` (none yet: no result),
// or the difference sets[0] \ sets[1] (Theta's A-not-B).
struct ItemSet {
  enum class Kind { kUnion, kIntersection, kDifference };
  Kind kind = Kind::kUnion;
  std::vector<ItemStream> streams;  // kUnion only
  std::vector<ItemSet> sets;
};

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

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_SLOT_ITEMS_H_
