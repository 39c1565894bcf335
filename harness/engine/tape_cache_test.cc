#include "harness/engine/tape_cache.h"

#include <gtest/gtest.h>

#include <vector>

namespace dsconform {
namespace {

ItemStream Stream(ItemGenerator g, int64_t count, uint64_t seed = 7, int64_t start = 3,
                  ItemOrder order = ItemOrder::kAscending) {
  ItemStream s;
  s.generator = g;
  s.count = count;
  s.seed = seed;
  s.start = start;
  s.order = order;
  return s;
}

TEST(TapeCache, GivesTheTapeEncodeItemTapeMakesAtEveryLength) {
  TapeCache cache(/*max_bytes=*/int64_t{8} << 20, /*min_bytes=*/0);
  for (ItemGenerator g : {ItemGenerator::kSequence, ItemGenerator::kSplitMix64, ItemGenerator::kDoubles,
                          ItemGenerator::kAsciiStrings, ItemGenerator::kUtf8Strings, ItemGenerator::kByteArrays,
                          ItemGenerator::kAsciiOrEmpty, ItemGenerator::kOrderedLongs, ItemGenerator::kOrderedDoubles,
                          ItemGenerator::kOrderedStrings}) {
    for (ItemOrder order :
         {ItemOrder::kAscending, ItemOrder::kDescending, ItemOrder::kShuffled, ItemOrder::kAlternating}) {
      for (int64_t n : {int64_t{1000}, int64_t{10}, int64_t{0}, int64_t{4096}, int64_t{999}}) {
        const ItemStream s = Stream(g, n, 7, 3, order);
        const ItemTape tape = cache.TapeOf(s);
        ASSERT_TRUE(tape);
        EXPECT_EQ(std::string(*tape), EncodeItemTape(s))
            << ItemGeneratorName(g) << " " << ItemOrderName(order) << " n=" << n;
      }
    }
  }
}

TEST(TapeCache, StringAndByteTapesArePrefixesOfTheLongestOneToo) {
  TapeCache cache(int64_t{8} << 20, 0);
  for (ItemGenerator g : {ItemGenerator::kUtf8Strings, ItemGenerator::kByteArrays}) {
    const ItemTape longer = cache.TapeOf(Stream(g, 5000));
    const ItemTape shorter = cache.TapeOf(Stream(g, 300));
    EXPECT_EQ(shorter->data(), longer->data()) << ItemGeneratorName(g);
    EXPECT_EQ(std::string(*shorter), EncodeItemTape(Stream(g, 300))) << ItemGeneratorName(g);
  }
}

TEST(TapeCache, AShuffledTapeIsNeverCutFromALongerOne) {
  TapeCache cache(int64_t{8} << 20, 0);
  const ItemTape longer = cache.TapeOf(Stream(ItemGenerator::kOrderedLongs, 5000, 7, 3, ItemOrder::kShuffled));
  const ItemTape shorter = cache.TapeOf(Stream(ItemGenerator::kOrderedLongs, 300, 7, 3, ItemOrder::kShuffled));
  EXPECT_NE(shorter->data(), longer->data());
}

TEST(TapeCache, AShuffledStreamAskedAgainIsServedItsOwnTape) {
  TapeCache cache(int64_t{8} << 20, 0);
  const ItemStream shuffled = Stream(ItemGenerator::kOrderedDoubles, 5000, 7, 3, ItemOrder::kShuffled);
  const ItemTape first = cache.TapeOf(shuffled);
  EXPECT_EQ(cache.TapeOf(shuffled)->data(), first->data());
  // Another order of the same values is another tape.
  const ItemTape descending = cache.TapeOf(Stream(ItemGenerator::kOrderedDoubles, 5000, 7, 3, ItemOrder::kDescending));
  EXPECT_NE(descending->data(), first->data());
  EXPECT_EQ(std::string(*descending),
            EncodeItemTape(Stream(ItemGenerator::kOrderedDoubles, 5000, 7, 3, ItemOrder::kDescending)));
}

TEST(TapeCache, AShorterTapeOfAStreamIsAPrefixOfTheLongestOne) {
  TapeCache cache(int64_t{8} << 20, 0);
  const ItemTape longer = cache.TapeOf(Stream(ItemGenerator::kSequence, 5000));
  const ItemTape shorter = cache.TapeOf(Stream(ItemGenerator::kSequence, 300));
  EXPECT_EQ(shorter->data(), longer->data());
  EXPECT_EQ(shorter->size(), 300u * 8);
  // Another start or seed is another stream.
  EXPECT_NE(cache.TapeOf(Stream(ItemGenerator::kSequence, 300, 7, 4))->data(), longer->data());
  EXPECT_NE(cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 300, 8))->data(),
            cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 300, 9))->data());
}

TEST(TapeCache, KeepsNoMoreThanItsLimitAndTapesOutliveTheirEviction) {
  TapeCache cache(/*max_bytes=*/3 * 8000, 0);  // three tapes of 1000 longs
  const ItemTape first = cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 1000, 1));
  std::vector<ItemTape> held;  // in use by stages: none lends its memory
  for (uint64_t seed = 2; seed <= 4; ++seed)
    held.push_back(cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 1000, seed)));
  // Seed 1 was the least recently used: asked again, it is made anew, equal to what it was.
  const ItemTape again = cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 1000, 1));
  EXPECT_NE(again->data(), first->data());
  EXPECT_EQ(*again, *first);
}

TEST(TapeCache, ATapeNoStageHoldsLendsItsMemoryToTheNextOneAndIsEvictedFirst) {
  TapeCache cache(/*max_bytes=*/2 * 8000, 0);  // two tapes of 1000 longs
  const ItemTape first = cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 1000, 1));  // held throughout
  const char* second_memory;
  {
    const ItemTape second = cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 1000, 2));
    second_memory = second->data();
  }
  // No room for a third: the second, which nothing holds, goes and lends it its memory, although
  // the first was used less recently.
  const ItemTape third = cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 1000, 3));
  EXPECT_EQ(third->data(), second_memory);
  EXPECT_EQ(std::string(*third), EncodeItemTape(Stream(ItemGenerator::kSplitMix64, 1000, 3)));
  EXPECT_EQ(cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 1000, 1))->data(), first->data());
  // Every tape held now: the least recently used (the third) is evicted and the fourth made anew.
  const ItemTape fourth = cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 1000, 4));
  EXPECT_NE(fourth->data(), third->data());
  EXPECT_NE(fourth->data(), first->data());
  EXPECT_EQ(std::string(*third), EncodeItemTape(Stream(ItemGenerator::kSplitMix64, 1000, 3)));
  EXPECT_EQ(std::string(*fourth), EncodeItemTape(Stream(ItemGenerator::kSplitMix64, 1000, 4)));
  EXPECT_NE(cache.TapeOf(Stream(ItemGenerator::kSplitMix64, 1000, 3))->data(), third->data());
}

TEST(TapeCache, SmallTapesAreMadeAfresh) {
  TapeCache cache(int64_t{8} << 20, /*min_bytes=*/int64_t{1} << 20);
  EXPECT_NE(cache.TapeOf(Stream(ItemGenerator::kSequence, 100))->data(),
            cache.TapeOf(Stream(ItemGenerator::kSequence, 50))->data());
}

}  // namespace
}  // namespace dsconform
