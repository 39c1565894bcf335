#include "harness/accuracy/distinct_truth.h"

#include <algorithm>
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

TEST(DistinctCount, SequencesAreIntervals) {
  const std::vector<ItemStream> s = {Sequence(0, 100), Sequence(50, 100), Sequence(1000, 10), Sequence(-5, 3)};
  EXPECT_EQ(*DistinctCount(s), Listed(s));
  EXPECT_EQ(*DistinctCount(s), 150 + 10 + 3);
  // Across the wrap of 64-bit words: -2, -1, 0, 1.
  EXPECT_EQ(*DistinctCount({Sequence(-2, 4), Sequence(0, 1)}), 4);
  EXPECT_EQ(*DistinctCount({}), 0);
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
