#include "sketches/kll/kll_image_layout.h"

#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"

#ifdef DSC_HAVE_CPP
#include "kll_sketch.hpp"
#endif

namespace dsconform {
namespace {

TEST(KllTotalCapacity, MatchesThePublishedLevelCapacities) {
  EXPECT_EQ(KllTotalCapacity(200, 8, 1), 200u);
  EXPECT_EQ(KllTotalCapacity(200, 8, 2), 200u + 133u);  // 2k/3 rounded
  EXPECT_EQ(KllTotalCapacity(8, 8, 3), 24u);            // every level at least m
}

TEST(KllImageLayout, DecodesAHandBuiltEmptyAndSingleItemImage) {
  const std::string empty("\x02\x01\x0f\x01\xc8\x00\x08\x00", 8);
  auto e = FieldValuesByName(DecodeKllImage(empty));
  EXPECT_EQ(e["family"], "15 (KLL)");
  EXPECT_EQ(e["flags.EMPTY"], "1");
  EXPECT_EQ(e["k"], "200");
  EXPECT_EQ(e["m"], "8");
  EXPECT_EQ(e.count("undecoded"), 0u);

  std::string single("\x02\x02\x0f\x04\xc8\x00\x08\x00", 8);
  AppendLittleEndian(single, 0x3ff8000000000000ULL, 8);  // 1.5
  auto s = FieldValuesByName(DecodeKllImage(single));
  EXPECT_EQ(s["flags.SINGLE_ITEM"], "1");
  EXPECT_EQ(s["item[0]"], "1.5 | 4609434218613702656");
}

TEST(KllImageLayout, DecodesAHandBuiltFullImageOfStringsAndReportsTruncation) {
  std::string img("\x05\x01\x0f\x00\x08\x00\x08\x00", 8);
  AppendLittleEndian(img, 9, 8);  // n
  AppendLittleEndian(img, 8, 2);  // min k
  img += std::string("\x02\x00", 2);  // two levels
  AppendLittleEndian(img, 8, 4);  // level[0]: capacity 16 - 8 retained
  AppendLittleEndian(img, 12, 4);
  for (const char* item : {"a", "z", "b", "c", "d", "e", "f", "g", "h", "i"}) {
    AppendLittleEndian(img, 1, 4);
    img += item;
  }
  auto f = FieldValuesByName(DecodeKllImage(img));
  EXPECT_EQ(f["n"], "9");
  EXPECT_EQ(f["numLevels"], "2");
  EXPECT_EQ(f["level[1]"], "12");
  EXPECT_EQ(f["capacity(implied)"], "16");
  EXPECT_EQ(f["min"], "\"a\"");
  EXPECT_EQ(f["max"], "\"z\"");
  EXPECT_EQ(f["item[7]"], "\"i\"");
  EXPECT_EQ(f.count("undecoded"), 0u);
  auto cut = DecodeKllImage(img.substr(0, img.size() - 3));
  EXPECT_EQ(cut.back().name, "truncated");
}

#ifdef DSC_HAVE_CPP
// A range decode jumps to the items it reaches: it must give the whole decode's fields that overlap
// its range, of whole and cut images alike.
TEST(KllImageLayout, ARangeGivesTheFieldsOfTheWholeDecodeThatItOverlaps) {
  datasketches::kll_sketch<double> doubles(20);
  for (int i = 0; i < 3000; ++i) doubles.update(i * 0.25);
  const auto bytes = doubles.serialize();
  const std::string image(bytes.begin(), bytes.end());
  for (const std::string& img : {image, image.substr(0, image.size() / 2 + 5), image.substr(0, 23)})
    EXPECT_EQ(FirstRangeUnlikeTheWholeDecode(img, DecodeKllImage, DecodeKllImageRanges, 5, {1, 8, 13, 100}), "");
  datasketches::kll_sketch<std::string> strings(20);
  for (int i = 0; i < 3000; ++i) strings.update(std::string(i % 11, static_cast<char>('a' + i % 26)));
  const auto string_bytes = strings.serialize();
  const std::string string_image(string_bytes.begin(), string_bytes.end());
  for (const std::string& img : {string_image, string_image.substr(0, string_image.size() / 2 + 5)})
    EXPECT_EQ(FirstRangeUnlikeTheWholeDecode(img, DecodeKllImage, DecodeKllImageRanges, 5, {1, 4, 13, 100}), "");
}

TEST(KllImageLayout, DecodesImagesTheLibraryWrites) {
  datasketches::kll_sketch<float> floats(8);
  for (int i = 0; i < 30; ++i) floats.update(static_cast<float>(i) / 4.0f);
  const auto bytes = floats.serialize();
  const std::string img(bytes.begin(), bytes.end());
  const auto fields = DecodeKllImage(img);
  auto f = FieldValuesByName(fields);
  EXPECT_EQ(f["n"], "30");
  EXPECT_EQ(f["min"], "0.0");
  EXPECT_EQ(f["max"], "7.25");
  EXPECT_EQ(f.count("undecoded"), 0u);
  EXPECT_EQ(f.count("truncated"), 0u);
  EXPECT_EQ(fields.back().offset + fields.back().size, img.size());
  EXPECT_EQ(f.count(absl::StrCat("item[", floats.get_num_retained() - 1, "]")), 1u);

  datasketches::kll_sketch<int64_t> longs(200);
  for (int64_t i = 0; i < 5; ++i) longs.update(i * 1000);
  const auto lb = longs.serialize();
  auto l = FieldValuesByName(DecodeKllImage(std::string(lb.begin(), lb.end())));
  EXPECT_EQ(l["level[0]"], "195");
  EXPECT_EQ(l["max"].substr(l["max"].find('|') + 2), "4000");
}
#endif

}  // namespace
}  // namespace dsconform
