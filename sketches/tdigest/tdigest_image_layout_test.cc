#include "sketches/tdigest/tdigest_image_layout.h"

#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"

#if defined(DSC_HAVE_CPP) && __has_include("tdigest.hpp")
#define DSC_TEST_TDIGEST_IMAGES 1
#include "tdigest.hpp"
#endif

namespace dsconform {
namespace {

TEST(TdigestImageLayout, DecodesAHandBuiltEmptyImageAndReportsTruncation) {
  const std::string empty("\x01\x01\x14\x64\x00\x01\x00\x00", 8);
  auto e = FieldValuesByName(DecodeTdigestImage(empty));
  EXPECT_EQ(e["type"], "20 (t-digest)");
  EXPECT_EQ(e["k"], "100");
  EXPECT_EQ(e["flags.IS_EMPTY"], "1");
  EXPECT_EQ(e.count("undecoded"), 0u);

  // Two centroids announced, the image ends inside the first.
  std::string cut("\x02\x01\x14\x0a\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00", 16);
  cut += std::string(20, '\0');
  auto t = FieldValuesByName(DecodeTdigestImage(cut));
  EXPECT_EQ(t["numCentroids"], "2");
  EXPECT_EQ(t["truncated"], "4 of 16 bytes");
}

#ifdef DSC_TEST_TDIGEST_IMAGES
TEST(TdigestImageLayout, DecodesCompactDoubleImagesTheLibraryWrites) {
  datasketches::tdigest<double> td(10);
  for (int i = 0; i < 1000; ++i) td.update(i - 500.0);
  const auto bytes = td.serialize();
  const std::string image(bytes.begin(), bytes.end());
  const auto fields = DecodeTdigestImage(image);
  auto m = FieldValuesByName(fields);
  EXPECT_EQ(m["preLongs"], "2");
  EXPECT_EQ(m["k"], "10");
  EXPECT_EQ(m["min"], "-500.0");
  EXPECT_EQ(m["max"], "499.0");
  EXPECT_EQ(m["numBuffered"], "0");
  // The weights of the centroids it lists add up to the digest's total weight.
  uint64_t weight = 0, centroids = 0;
  for (const auto& f : fields)
    if (f.name.find("].weight") != std::string::npos) weight += std::stoull(f.value), ++centroids;
  EXPECT_EQ(absl::StrCat(centroids), m["numCentroids"]);
  EXPECT_EQ(weight, td.get_total_weight());
  EXPECT_EQ(m.count("undecoded"), 0u);
  EXPECT_EQ(m.count("truncated"), 0u);
}

TEST(TdigestImageLayout, DecodesFloatImagesWithTheBufferKept) {
  datasketches::tdigest<float> td(10);
  for (int i = 0; i < 300; ++i) td.update(static_cast<float>(i) / 4);  // compresses once, then buffers
  td.update(0.5f);
  const auto bytes = td.serialize(0, true);
  const std::string image(bytes.begin(), bytes.end());
  auto m = FieldValuesByName(DecodeTdigestImage(image));
  EXPECT_EQ(m["min"], "0.0");
  EXPECT_EQ(m["max"], "74.75");
  EXPECT_NE(m["numBuffered"], "0");
  EXPECT_EQ(m["centroid[0].weight"], "1");  // 32-bit weights after float means
  const std::string last = absl::StrCat("buffer[", std::stoul(m["numBuffered"]) - 1, "]");
  EXPECT_EQ(m[last], "0.5");
  EXPECT_EQ(m.count("undecoded"), 0u);
}

// A range decode jumps to the centroids and buffered values it reaches: it must give the whole
// decode's fields that overlap its range, of whole and cut images alike.
TEST(TdigestImageLayout, ARangeGivesTheFieldsOfTheWholeDecodeThatItOverlaps) {
  datasketches::tdigest<float> td(50);
  for (int i = 0; i < 5000; ++i) td.update(static_cast<float>(i % 977) / 3);
  const auto bytes = td.serialize(0, true);
  const std::string image(bytes.begin(), bytes.end());
  for (const std::string& img : {image, image.substr(0, image.size() / 2 + 3), image.substr(0, 27)})
    EXPECT_EQ(FirstRangeUnlikeTheWholeDecode(img, DecodeTdigestImage, DecodeTdigestImageRanges, 7, {1, 4, 9, 64}), "");
}

TEST(TdigestImageLayout, DecodesASingleValueImage) {
  datasketches::tdigest<double> td(100);
  td.update(2.5);
  const auto bytes = td.serialize();
  auto m = FieldValuesByName(DecodeTdigestImage(std::string(bytes.begin(), bytes.end())));
  EXPECT_EQ(m["flags.IS_SINGLE_VALUE"], "1");
  EXPECT_EQ(m["value"], "2.5");
  EXPECT_EQ(m.count("undecoded"), 0u);
}
#endif

}  // namespace
}  // namespace dsconform
