#include "harness/truth/slot_items.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace dsconform {

void SlotItemSets::Follow(const Op& op) {
  auto take = [&](const std::string& to, const ItemSet& set, const std::string& from) {
    ItemSet copy = set;  // `set` may be held_[to] itself
    held_[to] = std::move(copy);
    intersections_.erase(to);
    if (auto it = unknown_.find(from); it != unknown_.end()) unknown_[to] = it->second;
    else unknown_.erase(to);
  };
  const std::string& s = op.op;
  if (s == "create" || s == "union" || s == "reset") {
    held_[op.sketch] = ItemSet{};
    intersections_.erase(op.sketch);
    unknown_.erase(op.sketch);
  } else if (s == "intersection") {
    held_[op.sketch] = ItemSet{ItemSet::Kind::kIntersection, {}, {}};
    intersections_.insert(op.sketch);
    unknown_.erase(op.sketch);
  } else if (s == "update") {
    if (intersections_.count(op.sketch)) unknown_[op.sketch] = "an intersection was updated with items";
    else if (op.items) held_[op.sketch].streams.push_back(*op.items);
  } else if (s == "merge") {
    const std::string from = op.Str("from");
    ItemSet source = held_[from];
    held_[op.sketch].sets.push_back(std::move(source));  // a union's part, or an intersection's operand
    if (auto it = unknown_.find(from); it != unknown_.end()) unknown_[op.sketch] = it->second;
  } else if (s == "result" || s == "copy" || s == "convert" || s == "compact") {
    const std::string from = op.Str("from");
    take(op.sketch, held_[from], from);
  } else if (s == "a_not_b") {
    const std::string a = op.Str("a"), b = op.Str("b");
    take(op.sketch, ItemSet{ItemSet::Kind::kDifference, {}, {held_[a], held_[b]}}, a);
    if (auto it = unknown_.find(b); it != unknown_.end()) unknown_[op.sketch] = it->second;
  } else if (s == "query" || s == "serialize" || s == "rel_err" || s == "jaccard") {
    // reads only
  } else {
    unknown_[op.sketch] = absl::StrCat("made by a '", s, "' step");
  }
}

absl::StatusOr<ItemSet> SlotItemSets::Of(const std::string& slot) const {
  if (auto it = unknown_.find(slot); it != unknown_.end())
    return absl::UnimplementedError(absl::StrCat("no truth for slot '", slot, "': ", it->second));
  auto it = held_.find(slot);
  if (it == held_.end()) return absl::NotFoundError(absl::StrCat("no slot '", slot, "'"));
  return it->second;
}

absl::StatusOr<ItemSet> ItemSetOfSlot(const std::vector<Op>& ops, const std::string& slot) {
  SlotItemSets sets;
  for (const Op& op : ops) sets.Follow(op);
  return sets.Of(slot);
}

absl::StatusOr<std::vector<ItemStream>> StreamsOfSlot(const std::vector<Op>& ops, const std::string& slot) {
  auto set = ItemSetOfSlot(ops, slot);
  if (!set.ok()) return set.status();
  std::vector<ItemStream> streams;
  std::vector<const ItemSet*> todo = {&*set};
  while (!todo.empty()) {
    const ItemSet* s = todo.back();
    todo.pop_back();
    if (s->kind != ItemSet::Kind::kUnion)
      return absl::FailedPreconditionError(
          absl::StrCat("slot '", slot, "' holds an intersection or difference, not a union of streams"));
    streams.insert(streams.end(), s->streams.begin(), s->streams.end());
    for (const ItemSet& part : s->sets) todo.push_back(&part);
  }
  return streams;
}

}  // namespace dsconform
