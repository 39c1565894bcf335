#include "sketches/fi/fi_image_layout.h"

#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"

#ifdef DSC_HAVE_CPP
#include "frequent_items_sketch.hpp"
#endif

namespace dsconform {
namespace {

// The preamble of a non-empty image: lgMax 3, lgCur 3, `active` items.
std::string Preamble(uint32_t active, uint64_t weight, uint64_t offset) {
  std::string img("\x04\x01\x0a\x03\x03\x00\x00\x00", 8);
  AppendLittleEndian(img, active, 4);
  AppendLittleEndian(img, 0, 4);
  AppendLittleEndian(img, weight, 8);
  AppendLittleEndian(img, offset, 8);
  return img;
}

TEST(FiImageLayout, DecodesAnEmptyImageWithBothEmptyBits) {
  const std::string empty("\x01\x01\x0a\x05\x03\x05\x00\x00", 8);
  auto e = FieldValuesByName(DecodeFiImage(empty));
  EXPECT_EQ(e["family"], "10 (Frequent items)");
  EXPECT_EQ(e["lgMaxMapSize"], "5");
  EXPECT_EQ(e["lgCurMapSize"], "3");
  EXPECT_EQ(e["flags.EMPTY_1"], "1");
  EXPECT_EQ(e["flags.EMPTY_2"], "1");
  EXPECT_EQ(e["flags.other"], "0");
  EXPECT_EQ(e.count("activeItems"), 0u);
  EXPECT_EQ(e.count("undecoded"), 0u);
}

TEST(FiImageLayout, DecodesHandBuiltLongAndStringImages) {
  std::string longs = Preamble(2, 9, 1);
  AppendLittleEndian(longs, 5, 8);
  AppendLittleEndian(longs, 3, 8);
  AppendLittleEndian(longs, static_cast<uint64_t>(-7), 8);
  AppendLittleEndian(longs, 42, 8);
  auto l = FieldValuesByName(DecodeFiImage(longs));
  EXPECT_EQ(l["activeItems"], "2");
  EXPECT_EQ(l["streamWeight"], "9");
  EXPECT_EQ(l["offset"], "1");
  EXPECT_EQ(l["weight[1]"], "3");
  EXPECT_EQ(l["item[0]"], "-7");
  EXPECT_EQ(l["item[1]"], "42");
  EXPECT_EQ(l.count("undecoded"), 0u);

  std::string strings = Preamble(2, 2, 0);
  AppendLittleEndian(strings, 1, 8);
  AppendLittleEndian(strings, 1, 8);
  for (const std::string item : {"", "\xc3\xa9t\xc3\xa9"}) {
    AppendLittleEndian(strings, item.size(), 4);
    strings += item;
  }
  auto s = FieldValuesByName(DecodeFiImage(strings));
  EXPECT_EQ(s["item[0]"], "\"\"");
  EXPECT_EQ(s["item[1]"], "\"\\xc3\\xa9t\\xc3\\xa9\"");
  auto cut = DecodeFiImage(strings.substr(0, strings.size() - 2));
  EXPECT_EQ(cut.back().name, "truncated");
}

TEST(FiImageLayout, DecodesUtf16ItemsByTheirCharCount) {
  // Java's ArrayOfUtf16StringsSerDe: a u32 count of chars, then 2 bytes each.
  std::string img = Preamble(1, 1, 0);
  AppendLittleEndian(img, 1, 8);
  AppendLittleEndian(img, 3, 4);
  img += std::string("a\0\xe9\0b\0", 6);
  auto f = FieldValuesByName(DecodeFiImage(img));
  EXPECT_EQ(f["item[0]"], "utf16 \"a\\u00e9b\"");
  EXPECT_EQ(f.count("undecoded"), 0u);
}

// A range decode jumps over the weights and long items it does not reach: what it gives must be
// what the whole decode gives for the fields that overlap the range, truncated images included.
TEST(FiImageLayout, ARangeGivesTheFieldsOfTheWholeDecodeThatItOverlaps) {
  std::string longs = Preamble(1000, 5000, 0);
  for (uint64_t i = 0; i < 1000; ++i) AppendLittleEndian(longs, 5 + i % 3, 8);
  for (uint64_t i = 0; i < 1000; ++i) AppendLittleEndian(longs, static_cast<uint64_t>(-static_cast<int64_t>(i)), 8);
  for (const std::string& img : {longs, longs.substr(0, 32 + 8 * 500 + 3), longs.substr(0, 32 + 8 * 1000 + 8 * 20 + 5),
                                 longs + std::string(3, '\x01')})
    EXPECT_EQ(FirstRangeUnlikeTheWholeDecode(img, DecodeFiImage, DecodeFiImageRanges, 13, {1, 8, 9, 100}), "");
  // Strings of varying length: a range decode walks them and stops past its range.
  std::string strings = Preamble(300, 300, 0);
  for (uint64_t i = 0; i < 300; ++i) AppendLittleEndian(strings, 1, 8);
  for (uint64_t i = 0; i < 300; ++i) {
    const std::string item(i % 7, static_cast<char>('a' + i % 26));
    AppendLittleEndian(strings, item.size(), 4);
    strings += item;
  }
  for (const std::string& img : {strings, strings.substr(0, strings.size() - 2), strings + std::string(3, '\x01')})
    EXPECT_EQ(FirstRangeUnlikeTheWholeDecode(img, DecodeFiImage, DecodeFiImageRanges, 7, {1, 4, 5, 40}), "");
}

#ifdef DSC_HAVE_CPP
TEST(FiImageLayout, DecodesImagesTheLibraryWrites) {
  datasketches::frequent_items_sketch<int64_t> longs(3);
  for (int64_t i = 0; i < 20; ++i) longs.update(i % 7, i < 10 ? 1 : 3);
  const auto lb = longs.serialize();
  const std::string limg(lb.begin(), lb.end());
  const auto lfields = DecodeFiImage(limg);
  auto l = FieldValuesByName(lfields);
  EXPECT_EQ(l["streamWeight"], absl::StrCat(longs.get_total_weight()));
  EXPECT_EQ(l["offset"], absl::StrCat(longs.get_maximum_error()));
  EXPECT_EQ(l["activeItems"], absl::StrCat(longs.get_num_active_items()));
  EXPECT_EQ(l.count(absl::StrCat("item[", longs.get_num_active_items() - 1, "]")), 1u);
  EXPECT_EQ(l.count("undecoded"), 0u);
  EXPECT_EQ(lfields.back().offset + lfields.back().size, limg.size());

  datasketches::frequent_items_sketch<std::string> strings(4);
  for (int i = 0; i < 30; ++i) strings.update(i % 2 ? std::string("\xe6\x97\xa5") : absl::StrCat("s", i));
  const auto sb = strings.serialize();
  const std::string simg(sb.begin(), sb.end());
  const auto sfields = DecodeFiImage(simg);
  auto s = FieldValuesByName(sfields);
  EXPECT_EQ(s["lgMaxMapSize"], "4");
  EXPECT_EQ(s["streamWeight"], "30");
  EXPECT_EQ(s.count("undecoded"), 0u);
  EXPECT_EQ(s.count("truncated"), 0u);
  EXPECT_EQ(sfields.back().offset + sfields.back().size, simg.size());
  bool found = false;
  for (const auto& f : sfields) found |= f.value == "\"\\xe6\\x97\\xa5\"";
  EXPECT_TRUE(found);
}
#endif

}  // namespace
}  // namespace dsconform
