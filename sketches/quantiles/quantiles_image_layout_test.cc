#include "sketches/quantiles/quantiles_image_layout.h"

#include <map>
#include <string>

#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"

#if defined(DSC_HAVE_CPP) && __has_include("quantiles_sketch.hpp")
#define DSC_TEST_QUANTILES_IMAGES 1
#include "quantiles_sketch.hpp"
#endif

namespace dsconform {
namespace {

TEST(QuantilesImageLayout, DecodesAHandBuiltEmptyImageAndReportsTruncation) {
  // Java's empty compact doubles image: flags EMPTY|COMPACT|ORDERED|READ_ONLY (Q1).
  auto e = FieldValuesByName(DecodeQuantilesImage(std::string("\x01\x03\x08\x1e\x02\x00\x00\x00", 8)));
  EXPECT_EQ(e["familyId"], "8 (quantiles)");
  EXPECT_EQ(e["k"], "2");
  EXPECT_EQ(e["flags.EMPTY"], "1");
  EXPECT_EQ(e["flags.READ_ONLY"], "1");
  EXPECT_EQ(e.count("n"), 0u);

  // Ends inside n.
  auto t = FieldValuesByName(DecodeQuantilesImage(std::string("\x02\x03\x08\x18\x08\x00\x00\x00\x05\x00", 10)));
  EXPECT_EQ(t["truncated"], "2 of 8 bytes");
}

#ifdef DSC_TEST_QUANTILES_IMAGES
TEST(QuantilesImageLayout, DecodesDoubleImagesTheLibraryWrites) {
  datasketches::quantiles_sketch<double> s(4);
  for (int i = 0; i < 5; ++i) s.update(i + 0.5);
  const auto bytes = s.serialize();
  auto m = FieldValuesByName(DecodeQuantilesImage(std::string(bytes.begin(), bytes.end())));
  EXPECT_EQ(m["n"], "5");
  EXPECT_EQ(m["k"], "4");
  EXPECT_EQ(m["flags.COMPACT"], "1");
  EXPECT_EQ(m["flags.ORDERED"], "1");
  EXPECT_EQ(m["flags.READ_ONLY"], "0");
  EXPECT_EQ(m["min"].substr(0, 3), "0.5");
  EXPECT_EQ(m["max"].substr(0, 3), "4.5");
  EXPECT_EQ(m["item[4]"].substr(0, 3), "4.5");
  EXPECT_EQ(m.count("item[5]"), 0u);
  EXPECT_EQ(m.count("undecoded"), 0u);
}

// A range decode jumps to the doubles it reaches: it must give the whole decode's fields that
// overlap its range, of whole and cut images (a part of a double left over) alike.
TEST(QuantilesImageLayout, ARangeGivesTheFieldsOfTheWholeDecodeThatItOverlaps) {
  datasketches::quantiles_sketch<double> s(16);
  for (int i = 0; i < 2000; ++i) s.update(i * 0.5);
  const auto bytes = s.serialize();
  const std::string image(bytes.begin(), bytes.end());
  for (const std::string& img : {image, image.substr(0, image.size() / 2 + 5), image.substr(0, 20)})
    EXPECT_EQ(FirstRangeUnlikeTheWholeDecode(img, DecodeQuantilesImage, DecodeQuantilesImageRanges, 5, {1, 8, 13, 100}),
              "");
  datasketches::quantiles_sketch<std::string> strings(16);
  for (int i = 0; i < 2000; ++i) strings.update(std::string(i % 11, static_cast<char>('a' + i % 26)));
  const auto string_bytes = strings.serialize();
  const std::string string_image(string_bytes.begin(), string_bytes.end());
  EXPECT_EQ(FirstRangeUnlikeTheWholeDecode(string_image, DecodeQuantilesImage, DecodeQuantilesImageRanges, 5,
                                           {1, 4, 13, 100}),
            "");
}

TEST(QuantilesImageLayout, DecodesStringImagesTheLibraryWrites) {
  datasketches::quantiles_sketch<std::string> s(8);
  for (const char* item : {"b", "a", "ccc"}) s.update(item);
  const auto bytes = s.serialize();
  auto m = FieldValuesByName(DecodeQuantilesImage(std::string(bytes.begin(), bytes.end())));
  EXPECT_EQ(m["n"], "3");
  EXPECT_EQ(m["min"], "\"a\"");
  EXPECT_EQ(m["max"], "\"ccc\"");
  EXPECT_EQ(m["item[0]"], "\"a\"");  // the base buffer is written sorted
  EXPECT_EQ(m["item[2]"], "\"ccc\"");
  EXPECT_EQ(m.count("undecoded"), 0u);
}
#endif

}  // namespace
}  // namespace dsconform
