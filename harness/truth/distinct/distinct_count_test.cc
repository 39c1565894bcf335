#include "harness/truth/distinct/distinct_count.h"

#include <algorithm>
#include <iterator>
#include <set>

#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/case/splitmix64.h"

namespace dsconform {
namespace {

// The brute-force count the interval arithmetic must agree with.
int64_t Listed(const std::vector<ItemStream>& streams) {
  std::set<uint64_t> seen;
  for (const auto& s : streams) {
    if (s.generator == ItemGenerator::kSequence) {
      for (int64_t i = 0; i < s.count; ++i) seen.insert(static_cast<uint64_t>(s.start) + i);
    } else {
      SplitMix64 g(s.seed);
      for (int64_t i = 0; i < s.count; ++i) seen.insert(g.Next());
    }
  }
  return static_cast<int64_t>(seen.size());
}

// The brute-force set algebra the interval arithmetic must agree with.
std::set<uint64_t> ListedSet(const ItemSet& set) {
  std::set<uint64_t> out;
  switch (set.kind) {
    case ItemSet::Kind::kUnion:
      for (const auto& s : set.streams) {
        if (s.generator == ItemGenerator::kSequence) {
          for (int64_t i = 0; i < s.count; ++i) out.insert(static_cast<uint64_t>(s.start) + i);
        } else {
          SplitMix64 g(s.seed);
          for (int64_t i = 0; i < s.count; ++i) out.insert(g.Next());
        }
      }
      for (const auto& part : set.sets) {
        const auto p = ListedSet(part);
        out.insert(p.begin(), p.end());
      }
      return out;
    case ItemSet::Kind::kIntersection:
      out = ListedSet(set.sets.at(0));
      for (size_t i = 1; i < set.sets.size(); ++i) {
        const auto p = ListedSet(set.sets[i]);
        std::set<uint64_t> both;
        std::set_intersection(out.begin(), out.end(), p.begin(), p.end(), std::inserter(both, both.end()));
        out = std::move(both);
      }
      return out;
    case ItemSet::Kind::kDifference: {
      const auto a = ListedSet(set.sets.at(0)), b = ListedSet(set.sets.at(1));
      std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::inserter(out, out.end()));
      return out;
    }
  }
  return out;
}

ItemSet Of(std::vector<ItemStream> streams) { return ItemSet{ItemSet::Kind::kUnion, std::move(streams), {}}; }
ItemSet Both(std::vector<ItemSet> sets) { return ItemSet{ItemSet::Kind::kIntersection, {}, std::move(sets)}; }
ItemSet Minus(ItemSet a, ItemSet b) { return ItemSet{ItemSet::Kind::kDifference, {}, {std::move(a), std::move(b)}}; }

TEST(DistinctCount, SequencesAreIntervals) {
  const std::vector<ItemStream> s = {Sequence(0, 100), Sequence(50, 100), Sequence(1000, 10), Sequence(-5, 3)};
  EXPECT_EQ(*DistinctCount(s), Listed(s));
  EXPECT_EQ(*DistinctCount(s), 150 + 10 + 3);
  // Across the wrap of 64-bit words: -2, -1, 0, 1.
  EXPECT_EQ(*DistinctCount({Sequence(-2, 4), Sequence(0, 1)}), 4);
  EXPECT_EQ(*DistinctCount(std::vector<ItemStream>{}), 0);
}

TEST(DistinctCount, SplitMix64StreamsOverlapWhereTheirCountersDo) {
  const uint64_t seed = 42;
  // A stream continued from where it stopped shares nothing with its start...
  const ItemStream first = Random(seed, 1000), next = Random(SplitMix64SeedAfter(seed, 1000), 500);
  EXPECT_EQ(*DistinctCount({first, next}), 1500);
  EXPECT_EQ(Listed({first, next}), 1500);
  // ...and the generator agrees that it is the same stream.
  SplitMix64 a(seed), b(SplitMix64SeedAfter(seed, 1000));
  for (int i = 0; i < 1000; ++i) a.Next();
  EXPECT_EQ(a.Next(), b.Next());
  // A stream restarted 300 items in overlaps the first in 700 items.
  const ItemStream shifted = Random(SplitMix64SeedAfter(seed, 300), 1000);
  EXPECT_EQ(*DistinctCount({first, shifted}), 1300);
  EXPECT_EQ(Listed({first, shifted}), 1300);
  // Unrelated seeds: disjoint for all practical purposes, and exactly so here.
  const std::vector<ItemStream> unrelated = {Random(1, 2000), Random(2, 2000), Random(1, 10)};
  EXPECT_EQ(*DistinctCount(unrelated), Listed(unrelated));
}

TEST(DistinctCount, MixedKindsAreListedWhenSmallAndRefusedWhenLarge) {
  const std::vector<ItemStream> mixed = {Sequence(0, 100), Random(7, 100)};
  EXPECT_EQ(*DistinctCount(mixed), Listed(mixed));
  EXPECT_FALSE(DistinctCount({Sequence(0, 1 << 22), Random(7, 100)}).ok());
  ItemStream strings;
  strings.generator = ItemGenerator::kAsciiStrings;
  strings.count = 3;
  EXPECT_EQ(DistinctCount({strings}).status().code(), absl::StatusCode::kUnimplemented);
}

TEST(DistinctCount, IntersectionsAndDifferencesOfSequences) {
  const ItemSet a = Of({Sequence(0, 100), Sequence(200, 50)}), b = Of({Sequence(50, 180)});
  EXPECT_EQ(*DistinctCount(Both({a, b})), 50 + 30);
  EXPECT_EQ(*DistinctCount(Minus(a, b)), 50 + 20);
  EXPECT_EQ(*DistinctCount(Minus(b, a)), 100);
  // Across the wrap of 64-bit words, and a difference that empties the set.
  const ItemSet wrap = Of({Sequence(-10, 20)}), low = Of({Sequence(0, 5)});
  EXPECT_EQ(*DistinctCount(Both({wrap, low})), 5);
  EXPECT_EQ(*DistinctCount(Minus(wrap, low)), 15);
  EXPECT_EQ(*DistinctCount(Minus(low, wrap)), 0);
  // The whole top of the space, which the complement must not wrap past.
  const ItemSet top = Of({Sequence(-3, 3)});
  EXPECT_EQ(*DistinctCount(Minus(top, Of({Sequence(-2, 1)}))), 2);
  EXPECT_EQ(*DistinctCount(Minus(low, top)), 5);
  for (const ItemSet& s : {Both({a, b}), Minus(a, b), Minus(b, a), Both({wrap, low}), Minus(wrap, low), Minus(top, low)})
    EXPECT_EQ(*DistinctCount(s), static_cast<int64_t>(ListedSet(s).size()));
}

TEST(DistinctCount, IntersectionsAndDifferencesOfSplitMix64Streams) {
  const uint64_t seed = 9;
  // a: items 0..999 of the stream; b: items 600..1599; c: an unrelated stream and items 0..99.
  const ItemSet a = Of({Random(seed, 1000)}), b = Of({Random(SplitMix64SeedAfter(seed, 600), 1000)});
  const ItemSet c = Of({Random(77, 300), Random(seed, 100)});
  EXPECT_EQ(*DistinctCount(Both({a, b})), 400);
  EXPECT_EQ(*DistinctCount(Minus(a, b)), 600);
  EXPECT_EQ(*DistinctCount(Minus(b, a)), 600);
  EXPECT_EQ(*DistinctCount(Both({a, b, c})), 0);
  EXPECT_EQ(*DistinctCount(Both({a, c})), 100);
  // Nested: (a \ b) union (b intersected with c) and a difference of a union.
  const ItemSet nested = ItemSet{ItemSet::Kind::kUnion, {}, {Minus(a, b), Both({b, c})}};
  const ItemSet minus_union = Minus(ItemSet{ItemSet::Kind::kUnion, {}, {a, b}}, c);
  EXPECT_EQ(*DistinctCount(minus_union), 1600 - 100);
  for (const ItemSet& s : {Both({a, b}), Minus(a, b), Both({a, b, c}), Both({a, c}), nested, minus_union})
    EXPECT_EQ(*DistinctCount(s), static_cast<int64_t>(ListedSet(s).size()));
}

TEST(DistinctCount, MixedKindsInSetAlgebraAreListed) {
  // Sequence values and splitmix64 outputs are different spaces: listed, exactly.
  SplitMix64 g(5);
  const int64_t first = static_cast<int64_t>(g.Next());  // the first item of Random(5, ...), as a sequence
  const ItemSet a = Of({Random(5, 200), Sequence(0, 50)}), b = Of({Sequence(first, 10), Sequence(40, 20)});
  EXPECT_EQ(*DistinctCount(Both({a, b})), 1 + 10);
  EXPECT_EQ(*DistinctCount(Minus(a, b)), 250 - 11);
  for (const ItemSet& s : {Both({a, b}), Minus(a, b), Minus(b, a)})
    EXPECT_EQ(*DistinctCount(s), static_cast<int64_t>(ListedSet(s).size()));
  EXPECT_EQ(DistinctCount(Both({})).status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(ItemSetOfSlot, FollowsThetaSetOperations) {
  CaseBuilder b("t", "s", "theta");
  b.Step("create", "a", {{"lg_k", 9}})
      .Update("a", Random(3, 1000))
      .Step("create", "b", {{"lg_k", 12}, {"p", "0.5"}})
      .Update("b", Random(SplitMix64SeedAfter(3, 750), 1000))
      .Step("intersection", "i")
      .Step("merge", "i", {{"from", "a"}})
      .Step("merge", "i", {{"from", "b"}})
      .Step("result", "ri", {{"from", "i"}, {"ordered", 1}})
      .Step("a_not_b", "d", {{"a", "a"}, {"b", "b"}, {"ordered", 1}})
      .Step("compact", "cd", {{"from", "d"}, {"ordered", 0}})
      .Step("union", "u", {{"lg_k", 10}})
      .Step("merge", "u", {{"from", "ri"}})
      .Step("merge", "u", {{"from", "cd"}})
      .Step("result", "ru", {{"from", "u"}})
      .Step("jaccard", "a", {{"with", "b"}, {"as", "j"}});
  EXPECT_EQ(*DistinctTruthOf(b.ops(), "ri"), 250);
  EXPECT_EQ(*DistinctTruthOf(b.ops(), "d"), 750);
  EXPECT_EQ(*DistinctTruthOf(b.ops(), "cd"), 750);
  EXPECT_EQ(*DistinctTruthOf(b.ops(), "ru"), 1000);  // (a and b) or (a but not b) is a
  EXPECT_EQ(StreamsOfSlot(b.ops(), "ri").status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(StreamsOfSlot(b.ops(), "a")->size(), 1u);
  b.Step("intersection", "never");
  EXPECT_EQ(DistinctTruthOf(b.ops(), "never").status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(StreamsOfSlot, FollowsUpdatesMergesAndResults) {
  CaseBuilder b("t", "s", "hll");
  b.Step("create", "a", {{"lg_k", 8}, {"type", "HLL_4"}})
      .Update("a", Random(1, 100))
      .Step("create", "b", {{"lg_k", 8}, {"type", "HLL_4"}})
      .Update("b", Random(SplitMix64SeedAfter(1, 50), 100))
      .Step("union", "u", {{"lg_max_k", 8}})
      .Step("merge", "u", {{"from", "a"}, {"how", "copy"}})
      .Step("merge", "u", {{"from", "b"}, {"how", "copy"}})
      .Step("result", "r", {{"from", "u"}, {"type", "HLL_8"}})
      .Step("query", "r", {{"queries", {"estimate"}}});
  EXPECT_EQ(*DistinctTruthOf(b.ops(), "a"), 100);
  EXPECT_EQ(*DistinctTruthOf(b.ops(), "u"), 150);
  EXPECT_EQ(*DistinctTruthOf(b.ops(), "r"), 150);
  b.Step("reset", "a");
  EXPECT_EQ(*DistinctTruthOf(b.ops(), "a"), 0);
  b.Step("deserialize", "d", {{"image", "a.compact"}, {"mode", "heapify"}});
  EXPECT_EQ(DistinctTruthOf(b.ops(), "d").status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_EQ(DistinctTruthOf(b.ops(), "nope").status().code(), absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace dsconform
