#include "sketches/req/req_image_layout.h"

#include <map>
#include <string>

#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"

#if defined(DSC_HAVE_CPP) && __has_include("req_sketch.hpp")
#define DSC_TEST_REQ_IMAGES 1
#include "req_sketch.hpp"
#endif

namespace dsconform {
namespace {

TEST(ReqImageLayout, DecodesAHandBuiltEmptyImageAndReportsTruncation) {
  // An empty HRA sketch of k 12: flags EMPTY|HRA|RAW_ITEMS|LEVEL0_SORTED.
  auto e = FieldValuesByName(DecodeReqImage(std::string("\x02\x01\x11\x3c\x0c\x00\x00\x00", 8)));
  EXPECT_EQ(e["familyId"], "17 (req)");
  EXPECT_EQ(e["k"], "12");
  EXPECT_EQ(e["flags.EMPTY"], "1");
  EXPECT_EQ(e["flags.HRA"], "1");
  EXPECT_EQ(e.count("undecoded"), 0u);

  // Estimation mode (preInts 4) that ends inside n.
  auto t = FieldValuesByName(DecodeReqImage(std::string("\x04\x01\x11\x08\x0c\x00\x02\x00\x05\x00", 10)));
  EXPECT_EQ(t["truncated"], "2 of 16 bytes");
}

#ifdef DSC_TEST_REQ_IMAGES
TEST(ReqImageLayout, DecodesRawItemsImagesTheLibraryWrites) {
  datasketches::req_sketch<float> s(12, false);
  s.update(2.5f);
  const auto bytes = s.serialize();
  auto m = FieldValuesByName(DecodeReqImage(std::string(bytes.begin(), bytes.end())));
  EXPECT_EQ(m["flags.RAW_ITEMS"], "1");
  EXPECT_EQ(m["flags.HRA"], "0");
  EXPECT_EQ(m["numRawItems"], "1");
  EXPECT_EQ(m["item[0]"], "2.5");
  EXPECT_EQ(m.count("undecoded"), 0u);
}

// A range decode jumps to the items it reaches in each compactor: it must give the whole decode's
// fields that overlap its range, of whole and cut images alike, raw items included.
TEST(ReqImageLayout, ARangeGivesTheFieldsOfTheWholeDecodeThatItOverlaps) {
  datasketches::req_sketch<float> levels(4), raw(12);
  for (int i = 0; i < 500; ++i) levels.update(static_cast<float>(i));
  for (int i = 0; i < 5; ++i) raw.update(static_cast<float>(i));
  for (const auto* s : {&levels, &raw}) {
    const auto bytes = s->serialize();
    const std::string image(bytes.begin(), bytes.end());
    for (const std::string& img : {image, image.substr(0, image.size() / 2 + 3), image.substr(0, 14)})
      EXPECT_EQ(FirstRangeUnlikeTheWholeDecode(img, DecodeReqImage, DecodeReqImageRanges, 3, {1, 4, 13, 100}), "");
  }
}

TEST(ReqImageLayout, DecodesEveryCompactorOfAnEstimationImage) {
  datasketches::req_sketch<float> s(4);
  for (int i = 0; i < 200; ++i) s.update(static_cast<float>(i));
  const auto bytes = s.serialize();
  auto m = FieldValuesByName(DecodeReqImage(std::string(bytes.begin(), bytes.end())));
  EXPECT_EQ(m["preInts"], "4");
  EXPECT_EQ(m["n"], "200");
  EXPECT_EQ(m["min"], "0.0");
  EXPECT_EQ(m["max"], "199.0");
  const int levels = std::stoi(m["numLevels"]);
  ASSERT_GE(levels, 2);
  EXPECT_EQ(m["c0.lgWeight"], "0");
  EXPECT_EQ(m["c1.lgWeight"], "1");
  EXPECT_EQ(m.count("c" + std::to_string(levels - 1) + ".numItems"), 1u);
  size_t retained = 0;
  for (int h = 0; h < levels; ++h) retained += std::stoul(m["c" + std::to_string(h) + ".numItems"]);
  EXPECT_EQ(retained, s.get_num_retained());
  EXPECT_EQ(m.count("undecoded"), 0u);
  EXPECT_EQ(m.count("truncated"), 0u);
}
#endif

}  // namespace
}  // namespace dsconform
