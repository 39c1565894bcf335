#include "harness/truth/slot_items.h"

#include "gtest/gtest.h"
#include "harness/case/case_builder.h"

namespace dsconform {
namespace {

TEST(ItemSetOfSlot, UnionsHoldTheirPartsAndSetOperationsTheirOperands) {
  CaseBuilder b("t", "s", "theta");
  b.Step("create", "a", {{"lg_k", 9}})
      .Update("a", Sequence(0, 10))
      .Step("create", "b", {{"lg_k", 9}})
      .Update("b", Sequence(5, 10))
      .Step("union", "u", {{"lg_k", 9}})
      .Step("merge", "u", {{"from", "a"}})
      .Step("merge", "u", {{"from", "b"}})
      .Step("intersection", "i")
      .Step("merge", "i", {{"from", "a"}})
      .Step("a_not_b", "d", {{"a", "a"}, {"b", "b"}});
  auto u = ItemSetOfSlot(b.ops(), "u");
  ASSERT_TRUE(u.ok()) << u.status();
  EXPECT_EQ(u->kind, ItemSet::Kind::kUnion);
  ASSERT_EQ(u->sets.size(), 2u);
  EXPECT_EQ(u->sets[1].streams.at(0).start, 5);
  EXPECT_EQ(ItemSetOfSlot(b.ops(), "i")->kind, ItemSet::Kind::kIntersection);
  EXPECT_EQ(ItemSetOfSlot(b.ops(), "d")->kind, ItemSet::Kind::kDifference);
  auto streams = StreamsOfSlot(b.ops(), "u");
  ASSERT_TRUE(streams.ok()) << streams.status();
  EXPECT_EQ(streams->size(), 2u);
  EXPECT_EQ(StreamsOfSlot(b.ops(), "i").status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(ItemSetOfSlot, ASlotMadeElsewhereOrNeverMadeHasNoItems) {
  CaseBuilder b("t", "s", "hll");
  b.Step("create", "a", {{"lg_k", 8}, {"type", "HLL_4"}})
      .Update("a", Sequence(0, 10))
      .Step("deserialize", "d", {{"image", "a.compact"}, {"mode", "heapify"}})
      .Step("copy", "c", {{"from", "d"}});
  EXPECT_EQ(ItemSetOfSlot(b.ops(), "d").status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_EQ(ItemSetOfSlot(b.ops(), "c").status().code(), absl::StatusCode::kUnimplemented);  // a copy of it
  EXPECT_EQ(ItemSetOfSlot(b.ops(), "nope").status().code(), absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace dsconform
