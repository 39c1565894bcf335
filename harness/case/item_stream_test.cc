#include "harness/case/item_stream.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include "gtest/gtest.h"
#include "harness/case/splitmix64.h"

namespace dsconform {
namespace {

uint64_t U64At(const std::string& tape, size_t i) {
  uint64_t v = 0;
  for (int b = 7; b >= 0; --b) v = (v << 8) | static_cast<unsigned char>(tape[i * 8 + b]);
  return v;
}

std::string BlobAt(const std::string& tape, size_t index) {
  size_t pos = 0;
  for (size_t i = 0;; ++i) {
    uint32_t len = 0;
    for (int b = 3; b >= 0; --b) len = (len << 8) | static_cast<unsigned char>(tape[pos + b]);
    if (i == index) return tape.substr(pos + 4, len);
    pos += 4 + len;
  }
}

TEST(SplitMix64, MatchesPublishedReferenceValuesForSeedZero) {
  SplitMix64 rng(0);
  EXPECT_EQ(rng.Next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(rng.Next(), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(rng.Next(), 0x06c45d188009454fULL);
  EXPECT_EQ(rng.Next(), 0xf88bb8a8724c81ecULL);
}

TEST(ItemTape, SequenceIsLittleEndianLongs) {
  ItemStream s{ItemGenerator::kSequence, -2, 0, 4};
  std::string tape = EncodeItemTape(s);
  ASSERT_EQ(tape.size(), 32u);
  EXPECT_EQ(static_cast<int64_t>(U64At(tape, 0)), -2);
  EXPECT_EQ(static_cast<int64_t>(U64At(tape, 3)), 1);
  EXPECT_EQ(static_cast<unsigned char>(tape[24]), 1);
}

TEST(ItemTape, SplitMixStreamStartsWithGeneratorValues) {
  ItemStream s{ItemGenerator::kSplitMix64, 0, 0, 2};
  std::string tape = EncodeItemTape(s);
  EXPECT_EQ(U64At(tape, 0), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(U64At(tape, 1), 0x6e789e6aa1b965f4ULL);
}

TEST(ItemTape, DoublesStartWithSignedZeroNanInfinitiesAndSubnormals) {
  ItemStream s{ItemGenerator::kDoubles, 0, 7, 14};
  std::string tape = EncodeItemTape(s);
  EXPECT_EQ(U64At(tape, 0), 0x8000000000000000ULL);  // -0.0
  EXPECT_EQ(U64At(tape, 1), 0ULL);
  EXPECT_EQ(U64At(tape, 2), 0x7ff8000000000000ULL);  // quiet NaN
  EXPECT_EQ(U64At(tape, 3), 0x7ff0000000000000ULL);
  EXPECT_EQ(U64At(tape, 4), 0xfff0000000000000ULL);
  EXPECT_EQ(U64At(tape, 5), 1ULL);                    // smallest subnormal
  SplitMix64 rng(7);
  EXPECT_EQ(U64At(tape, 12), rng.Next());            // then raw random patterns
}

TEST(ItemTape, Utf8StringsCarryMultiByteSequences) {
  ItemStream s{ItemGenerator::kUtf8Strings, 0, 0, 5};
  std::string tape = EncodeItemTape(s);
  EXPECT_EQ(BlobAt(tape, 0), "0");
  EXPECT_EQ(BlobAt(tape, 1), "\xC3\xA9t\xC3\xA9-1");
  EXPECT_EQ(BlobAt(tape, 3), "\xF0\x9F\x98\x80-3");
}

TEST(ItemTape, ByteArraysHaveSeededLengths) {
  ItemStream s{ItemGenerator::kByteArrays, 0, 1, 3};
  std::string tape = EncodeItemTape(s);
  SplitMix64 rng(1);
  const uint64_t len0 = rng.Next() % 33;
  EXPECT_EQ(BlobAt(tape, 0).size(), len0);
}

TEST(ItemStreamJson, RoundTripsAndRejectsNegativeCount) {
  ItemStream s{ItemGenerator::kSplitMix64, 0, 42, 10};
  auto back = ItemStreamFromJson(ItemStreamToJson(s), "/items");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->seed, 42u);
  EXPECT_EQ(back->count, 10);
  auto bad = ItemStreamFromJson(nlohmann::json{{"gen", "sequence"}, {"count", -1}}, "/ops/1/items");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("/ops/1/items/count"), std::string::npos);
  auto unknown = ItemStreamFromJson(nlohmann::json{{"gen", "gauss"}, {"count", 1}}, "/i");
  EXPECT_NE(unknown.status().message().find("unknown generator 'gauss'"), std::string::npos);
}

std::vector<int64_t> Longs(const ItemStream& s) {
  const std::string tape = EncodeItemTape(s);
  std::vector<int64_t> out;
  for (size_t i = 0; i < tape.size() / 8; ++i) out.push_back(static_cast<int64_t>(U64At(tape, i)));
  return out;
}

TEST(ItemTape, OrderedLongsComeInEachOrder) {
  ItemStream s{ItemGenerator::kOrderedLongs, 10, 0, 5};
  EXPECT_EQ(Longs(s), (std::vector<int64_t>{10, 11, 12, 13, 14}));
  s.order = ItemOrder::kDescending;
  EXPECT_EQ(Longs(s), (std::vector<int64_t>{14, 13, 12, 11, 10}));
  s.order = ItemOrder::kAlternating;
  EXPECT_EQ(Longs(s), (std::vector<int64_t>{10, 14, 11, 13, 12}));
  s.order = ItemOrder::kShuffled;
  s.seed = 3;
  std::vector<int64_t> shuffled = Longs(s);
  EXPECT_NE(shuffled, (std::vector<int64_t>{10, 11, 12, 13, 14}));
  std::sort(shuffled.begin(), shuffled.end());
  EXPECT_EQ(shuffled, (std::vector<int64_t>{10, 11, 12, 13, 14}));
  s.seed = 4;
  EXPECT_NE(Longs(s), Longs(ItemStream{ItemGenerator::kOrderedLongs, 10, 3, 5, ItemOrder::kShuffled}));
}

// The ordered tapes as docs/items.md states them, written the plain way: the offsets in order
// (shuffled: Fisher-Yates with SplitMix64(seed), from the last position down), each as its item.
std::string PlainOrderedTape(const ItemStream& s) {
  std::vector<int64_t> offsets;
  for (int64_t i = 0; i < s.count; ++i) offsets.push_back(i);
  if (s.order == ItemOrder::kDescending) std::reverse(offsets.begin(), offsets.end());
  if (s.order == ItemOrder::kAlternating)
    for (int64_t i = 0; i < s.count; ++i) offsets[i] = i % 2 == 0 ? i / 2 : s.count - 1 - i / 2;
  if (s.order == ItemOrder::kShuffled) {
    SplitMix64 rng(s.seed);
    for (size_t i = offsets.size(); i > 1; --i) std::swap(offsets[i - 1], offsets[rng.Next() % i]);
  }
  std::string tape;
  for (int64_t offset : offsets) {
    const int64_t v = s.start + offset;
    if (s.generator == ItemGenerator::kOrderedStrings) {
      char digits[32];
      const int len = std::snprintf(digits, sizeof digits, "%010lld", static_cast<long long>(v));
      for (int b = 0; b < 4; ++b) tape.push_back(static_cast<char>(static_cast<uint32_t>(len) >> (8 * b)));
      tape.append(digits, static_cast<size_t>(len));
      continue;
    }
    uint64_t bits = static_cast<uint64_t>(v);
    if (s.generator == ItemGenerator::kOrderedDoubles) {
      const double d = static_cast<double>(v) / 4.0;
      std::memcpy(&bits, &d, 8);
    }
    for (int b = 0; b < 8; ++b) tape.push_back(static_cast<char>(bits >> (8 * b)));
  }
  return tape;
}

// The tapes are written in place for speed (records shuffled where they lie): byte for byte the
// plain ones, strings of other lengths than ten included.
TEST(ItemTape, OrderedTapesAreThePlainOnes) {
  for (ItemGenerator g : {ItemGenerator::kOrderedLongs, ItemGenerator::kOrderedDoubles, ItemGenerator::kOrderedStrings})
    for (ItemOrder o : {ItemOrder::kAscending, ItemOrder::kDescending, ItemOrder::kShuffled, ItemOrder::kAlternating})
      for (int64_t start : {int64_t{0}, int64_t{5}, int64_t{-3}, int64_t{9'999'999'995}})
        for (int64_t count : {0, 1, 2, 7, 1000}) {
          const ItemStream s{g, start, 17, count, o};
          EXPECT_EQ(EncodeItemTape(s), PlainOrderedTape(s))
              << ItemGeneratorName(g) << " " << ItemOrderName(o) << " start " << start << " count " << count;
        }
}

// A tape written into the memory of an earlier one (TapeCache) holds nothing of it.
TEST(ItemTape, ATapeWrittenIntoReusedMemoryIsTheSame) {
  for (ItemGenerator g : {ItemGenerator::kSequence, ItemGenerator::kSplitMix64, ItemGenerator::kDoubles,
                          ItemGenerator::kAsciiStrings, ItemGenerator::kUtf8Strings, ItemGenerator::kByteArrays,
                          ItemGenerator::kAsciiOrEmpty, ItemGenerator::kOrderedLongs, ItemGenerator::kOrderedDoubles,
                          ItemGenerator::kOrderedStrings})
    for (ItemOrder o : {ItemOrder::kAscending, ItemOrder::kShuffled})
      for (size_t old_bytes : {size_t{0}, size_t{100}, size_t{1} << 16}) {
        const ItemStream s{g, 5, 17, 1000, o};  // the order counts for the ordered generators alone
        EXPECT_EQ(EncodeItemTape(s, std::string(old_bytes, '\x5a')), EncodeItemTape(s))
            << ItemGeneratorName(g) << " " << ItemOrderName(o) << " over " << old_bytes << " bytes";
      }
}

TEST(ItemTape, OrderedDoublesAreQuartersAndStringsSortLikeTheirValues) {
  ItemStream d{ItemGenerator::kOrderedDoubles, 5, 0, 2, ItemOrder::kDescending};
  const std::string tape = EncodeItemTape(d);
  double first;
  const uint64_t bits = U64At(tape, 0);
  std::memcpy(&first, &bits, 8);
  EXPECT_EQ(first, 1.5);
  ItemStream s{ItemGenerator::kOrderedStrings, 99, 0, 2};
  const std::string strings = EncodeItemTape(s);
  EXPECT_EQ(BlobAt(strings, 0), "0000000099");
  EXPECT_EQ(BlobAt(strings, 1), "0000000100");
  EXPECT_LT(BlobAt(strings, 0), BlobAt(strings, 1));
}

// The digits are written by hand for speed, two halves of five: what printf's "%010d" writes, on
// either side of every width it treats differently and of the halves.
TEST(ItemTape, OrderedStringItemsAreWhatPrintfWrites) {
  for (int64_t v : {int64_t{0}, int64_t{7}, int64_t{42}, int64_t{999'999'999}, int64_t{1'000'000'000},
                    int64_t{9'999'999'999}, int64_t{10'000'000'000}, int64_t{99'999}, int64_t{100'000},
                    int64_t{1'234'509'876}, int64_t{9'999'900'000}, int64_t{123'456'789'012}, int64_t{-1},
                    int64_t{-42}, int64_t{-999'999'999}, int64_t{-1'000'000'000}, INT64_MAX, INT64_MIN}) {
    char want[32];
    std::snprintf(want, sizeof want, "%010lld", static_cast<long long>(v));
    EXPECT_EQ(OrderedStringItem(v), want) << v;
  }
}

TEST(ItemStreamJson, OrderRoundTripsAndIsRefusedElsewhere) {
  ItemStream s{ItemGenerator::kOrderedStrings, 7, 9, 100, ItemOrder::kShuffled};
  const auto j = ItemStreamToJson(s);
  EXPECT_EQ(j.dump(), R"({"gen":"ordered_strings","start":7,"order":"shuffled","seed":9,"count":100})");
  auto back = ItemStreamFromJson(j, "/items");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->order, ItemOrder::kShuffled);
  EXPECT_EQ(back->seed, 9u);
  auto bad = ItemStreamFromJson(nlohmann::json{{"gen", "sequence"}, {"count", 1}, {"order", "shuffled"}}, "/i");
  EXPECT_NE(bad.status().message().find("/i/order"), std::string::npos);
  auto unknown = ItemStreamFromJson(nlohmann::json{{"gen", "ordered_longs"}, {"count", 1}, {"order", "up"}}, "/i");
  EXPECT_NE(unknown.status().message().find("must be ascending"), std::string::npos);
}

// t-digest's streams run from negative to positive: a case's JSON keeps them (an out-of-process
// engine reads them back), where the 10-digit strings must stay at or above 0.
TEST(ItemStreamJson, OrderedLongsAndDoublesMayStartBelowZeroStringsMayNot) {
  for (const char* gen : {"ordered_longs", "ordered_doubles"}) {
    auto back = ItemStreamFromJson(nlohmann::json{{"gen", gen}, {"start", -90}, {"count", 180}}, "/i");
    ASSERT_TRUE(back.ok()) << gen << ": " << back.status();
    EXPECT_EQ(back->start, -90);
  }
  auto strings = ItemStreamFromJson(nlohmann::json{{"gen", "ordered_strings"}, {"start", -1}, {"count", 2}}, "/i");
  ASSERT_FALSE(strings.ok());
  EXPECT_NE(strings.status().message().find("0..9999999999"), std::string::npos);
  auto far = ItemStreamFromJson(nlohmann::json{{"gen", "ordered_doubles"}, {"start", -10000000000LL}, {"count", 1}}, "/i");
  EXPECT_FALSE(far.ok());
}

}  // namespace
}  // namespace dsconform
