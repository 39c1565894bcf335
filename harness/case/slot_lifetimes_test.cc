#include "harness/case/slot_lifetimes.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

using Names = std::vector<std::string>;

std::vector<Op> OpsOf(const char* json) {
  std::vector<Op> ops;
  for (const auto& j : nlohmann::ordered_json::parse(json)) {
    Op op;
    op.op = j.at("op").get<std::string>();
    op.sketch = j.at("sketch").get<std::string>();
    for (auto it = j.begin(); it != j.end(); ++it)
      if (it.key() != "op" && it.key() != "sketch") op.args[it.key()] = it.value();
    ops.push_back(std::move(op));
  }
  return ops;
}

TEST(SlotLifetimes, EachTrialsUnionAndResultGoOnceRead) {
  // The shape of an accuracy case: one sketch read by a union per trial.
  const auto done = SlotsDoneAfter(OpsOf(R"([
    {"op": "create", "sketch": "a"},
    {"op": "union", "sketch": "u1"},
    {"op": "merge", "sketch": "u1", "from": "a"},
    {"op": "result", "sketch": "r1", "from": "u1"},
    {"op": "query", "sketch": "r1", "as": "r1"},
    {"op": "union", "sketch": "u2"},
    {"op": "merge", "sketch": "u2", "from": "a"},
    {"op": "result", "sketch": "r2", "from": "u2"},
    {"op": "query", "sketch": "r2", "as": "r2"}])"));
  ASSERT_EQ(done.size(), 9u);
  EXPECT_EQ(done[3], Names{"u1"});
  EXPECT_EQ(done[4], Names{"r1"});
  EXPECT_EQ(done[6], Names{"a"});
  EXPECT_EQ(done[7], Names{"u2"});
  EXPECT_EQ(done[8], Names{"r2"});
  for (size_t i : {0, 1, 2, 5}) EXPECT_TRUE(done[i].empty()) << i;
}

TEST(SlotLifetimes, ListsAndNestedMembersKeepTheirSlots) {
  const auto done = SlotsDoneAfter(OpsOf(R"([
    {"op": "create", "sketch": "a"},
    {"op": "create", "sketch": "b"},
    {"op": "union", "sketch": "u", "from": ["a", "b"]},
    {"op": "jaccard", "sketch": "u", "with": {"slots": ["b"]}},
    {"op": "serialize", "sketch": "u", "form": "compact"}])"));
  EXPECT_EQ(done[2], Names{"a"});
  EXPECT_EQ(done[3], Names{"b"});
  EXPECT_EQ(done[4], Names{"u"});
}

TEST(SlotLifetimes, ImagesAndFieldsNamedOtherwiseKeepNothing) {
  const auto done = SlotsDoneAfter(OpsOf(R"([
    {"op": "deserialize", "sketch": "x", "image": "a.compact", "mode": "heapify"},
    {"op": "query", "sketch": "x", "as": "x.more"},
    {"op": "deserialize", "sketch": "y", "image": "x", "mode": "heapify"}])"));
  // "x" names an image of the third step (an input named like the slot): x is kept until it.
  EXPECT_TRUE(done[1].empty());
  EXPECT_EQ(done[2], (Names{"x", "y"}));
}

TEST(SlotLifetimes, ASlotMadeAnewKeepsItsNamesLastStep) {
  const auto done = SlotsDoneAfter(OpsOf(R"([
    {"op": "create", "sketch": "a"},
    {"op": "serialize", "sketch": "a", "form": "compact"},
    {"op": "create", "sketch": "a"},
    {"op": "query", "sketch": "a"}])"));
  EXPECT_TRUE(done[1].empty());
  EXPECT_EQ(done[3], Names{"a"});
}

}  // namespace
}  // namespace dsconform
