#include "harness/truth/ranks/rank_truth.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness/engine/item_tape_reader.h"

namespace dsconform {
namespace {

ItemStream Ordered(ItemGenerator g, int64_t start, int64_t count, ItemOrder order, uint64_t seed = 7) {
  ItemStream s;
  s.generator = g;
  s.start = start;
  s.count = count;
  s.order = order;
  s.seed = seed;
  return s;
}

// Every item of the streams, as a sketch of `item_type` holds it, listed the slow way.
std::vector<RankItem> AllItems(const std::vector<ItemStream>& streams, const std::string& item_type) {
  std::vector<RankItem> all;
  for (const ItemStream& s : streams) {
    ForEachTapeItem(s.kind(), EncodeItemTape(s),
                    [&](auto... v) {
                      if constexpr (sizeof...(v) == 1) {
                        const auto item = (v, ...);
                        using T = std::decay_t<decltype(item)>;
                        if constexpr (std::is_same_v<T, double>) {
                          if (!std::isnan(item))
                            all.push_back(item_type == "float" ? static_cast<double>(static_cast<float>(item)) : item);
                        } else if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, std::string>) {
                          all.push_back(item);
                        }
                      }
                    });
  }
  return all;
}

int64_t CountByScan(const std::vector<RankItem>& all, const RankItem& x, bool inclusive) {
  int64_t c = 0;
  for (const RankItem& v : all) c += inclusive ? !(x < v) : v < x;
  return c;
}

// Every item, and points between and beyond them, counted both ways.
void ExpectSameAsScan(const std::vector<ItemStream>& streams, const std::string& item_type,
                      const std::vector<RankItem>& extra_points) {
  auto truth = ExactRanks::Of(streams, item_type);
  ASSERT_TRUE(truth.ok()) << truth.status();
  const std::vector<RankItem> all = AllItems(streams, item_type);
  EXPECT_EQ(truth->n(), static_cast<int64_t>(all.size()));
  std::vector<RankItem> points = all;
  points.insert(points.end(), extra_points.begin(), extra_points.end());
  for (const RankItem& p : points)
    for (bool inclusive : {false, true})
      ASSERT_EQ(truth->CountBelow(p, inclusive), CountByScan(all, p, inclusive))
          << item_type << " inclusive=" << inclusive << " point index " << (&p - points.data());
}

TEST(ExactRanks, OrderedStreamsCountLikeAScanInEveryOrderAndItemType) {
  for (ItemOrder order : {ItemOrder::kAscending, ItemOrder::kDescending, ItemOrder::kShuffled, ItemOrder::kAlternating}) {
    ExpectSameAsScan({Ordered(ItemGenerator::kOrderedLongs, 5, 300, order)}, "long",
                     {int64_t{-1}, int64_t{0}, int64_t{5}, int64_t{304}, int64_t{305}, int64_t{1000},
                      std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()});
    ExpectSameAsScan({Ordered(ItemGenerator::kOrderedDoubles, 5, 300, order)}, "double",
                     {-0.0, 1.3, 1.25, 75.99, 76.0, 1e300, -std::numeric_limits<double>::infinity()});
    ExpectSameAsScan({Ordered(ItemGenerator::kOrderedDoubles, 5, 300, order)}, "float", {1.3, 75.99});
    ExpectSameAsScan({Ordered(ItemGenerator::kOrderedStrings, 5, 300, order)}, "string",
                     {std::string("-000000001"), std::string(""), std::string("0000000100x"), std::string("9")});
  }
}

TEST(ExactRanks, FloatSketchesRoundItemsSoLargeValuesTie) {
  // Above 2^26 a float cannot hold every quarter: neighbouring values become one item.
  const int64_t start = int64_t{1} << 28;
  ExpectSameAsScan({Ordered(ItemGenerator::kOrderedDoubles, start, 200, ItemOrder::kShuffled)}, "float",
                   {static_cast<double>(start) / 4.0 + 3.0});
  auto truth = ExactRanks::Of({Ordered(ItemGenerator::kOrderedDoubles, start, 200, ItemOrder::kShuffled)}, "float");
  ASSERT_TRUE(truth.ok());
  EXPECT_GT(truth->CountBelow(static_cast<double>(start) / 4.0, true), 1);  // ties with the smallest
}

TEST(ExactRanks, MergedStreamsCountEveryCopy) {
  // Two overlapping ranges, as after a merge: the shared values count twice.
  const std::vector<ItemStream> streams = {Ordered(ItemGenerator::kOrderedLongs, 0, 100, ItemOrder::kShuffled),
                                           Ordered(ItemGenerator::kOrderedLongs, 50, 100, ItemOrder::kDescending)};
  ExpectSameAsScan(streams, "long", {int64_t{49}, int64_t{200}});
  auto truth = ExactRanks::Of(streams, "long");
  EXPECT_EQ(truth->CountBelow(int64_t{60}, true), 61 + 11);
  EXPECT_EQ(truth->CountBelow(int64_t{60}, false), 60 + 10);
}

TEST(ExactRanks, UnorderedGeneratorsAreListedAndNaNLeftOut) {
  ExpectSameAsScan({{ItemGenerator::kSplitMix64, 0, 3, 2000}, {ItemGenerator::kSequence, -5, 0, 100}}, "long",
                   {int64_t{0}, std::numeric_limits<int64_t>::min()});
  ItemStream doubles{ItemGenerator::kDoubles, 0, 9, 500};
  auto truth = ExactRanks::Of({doubles}, "double");
  ASSERT_TRUE(truth.ok());
  EXPECT_EQ(truth->n(), 499);  // the generator's one NaN
  ExpectSameAsScan({doubles}, "double", {0.5});
  ExpectSameAsScan({{ItemGenerator::kAsciiStrings, 10, 0, 300}}, "string", {std::string("item-2")});
}

TEST(ExactRanks, ABillionOrderedItemsCostNothing) {
  auto truth = ExactRanks::Of({Ordered(ItemGenerator::kOrderedLongs, 0, 1000000000, ItemOrder::kAscending)}, "long");
  ASSERT_TRUE(truth.ok());
  EXPECT_EQ(truth->CountBelow(int64_t{499999999}, true), 500000000);
  EXPECT_DOUBLE_EQ(truth->RankOf(int64_t{499999999}, false), 0.499999999);
}

TEST(ExactRanks, ItemsThatDoNotFitTheSketchOrAreTooManyToListAreErrors) {
  EXPECT_FALSE(ExactRanks::Of({Ordered(ItemGenerator::kOrderedLongs, 0, 10, ItemOrder::kAscending)}, "double").ok());
  EXPECT_FALSE(ExactRanks::Of({Ordered(ItemGenerator::kOrderedLongs, 0, 10, ItemOrder::kAscending)}, "bytes").ok());
  EXPECT_FALSE(ExactRanks::Of({{ItemGenerator::kSplitMix64, 0, 1, int64_t{1} << 23}}, "long").ok());
  auto empty = ExactRanks::Of({}, "long");
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty->n(), 0);
  EXPECT_EQ(empty->RankOf(int64_t{3}, true), 0.0);
}

TEST(ParseRankItem, ReadsGridPointsAsTheEnginesDo) {
  EXPECT_EQ(*ParseRankItem("double", "2.25"), RankItem(2.25));
  EXPECT_EQ(*ParseRankItem("float", "0.1"), RankItem(static_cast<double>(0.1f)));
  EXPECT_EQ(*ParseRankItem("long", "-7"), RankItem(int64_t{-7}));
  EXPECT_EQ(*ParseRankItem("string", "0000000042"), RankItem(std::string("0000000042")));
  EXPECT_FALSE(ParseRankItem("bytes", "x").ok());
}

}  // namespace
}  // namespace dsconform
