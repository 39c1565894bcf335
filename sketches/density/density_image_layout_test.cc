// The density image decoder on images datasketches-cpp writes (where the build has its headers)
// and on hand-built ones.
#include "sketches/density/density_image_layout.h"

#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"
#include "harness/family/image_bytes.h"

#if defined(DSC_HAVE_CPP) && __has_include("density_sketch.hpp")
#define DSC_TEST_DENSITY_IMAGES 1
#include "density_sketch.hpp"
#endif

namespace dsconform {
namespace {

TEST(DensityImageLayout, DecodesAHandBuiltEmptyImage) {
  // preInts 3, serVer 1, family 19, flags IS_EMPTY, k 10, unused, dim 3.
  const std::string image("\x03\x01\x13\x04\x0a\x00\x00\x00\x03\x00\x00\x00", 12);
  auto e = FieldValuesByName(DecodeDensityImage(image));
  EXPECT_EQ(e["familyId"], "19 (density)");
  EXPECT_EQ(e["flags.IS_EMPTY"], "1");
  EXPECT_EQ(e["k"], "10");
  EXPECT_EQ(e["dim"], "3");
  EXPECT_EQ(e.count("numRetained"), 0u);
  EXPECT_EQ(e.count("undecoded"), 0u);
  EXPECT_EQ(e.count("truncated"), 0u);
}

TEST(DensityImageLayout, ReportsATruncatedHeaderAndTrailingBytes) {
  auto t = FieldValuesByName(DecodeDensityImage(std::string("\x06\x01\x13\x00\x0a\x00\x00\x00\x01\x00\x00\x00\x01\x00", 14)));
  EXPECT_EQ(t["flags.IS_EMPTY"], "0");
  EXPECT_EQ(t["truncated"], "2 of 12 bytes");
  auto u = FieldValuesByName(DecodeDensityImage(std::string("\x03\x01\x13\x04\x0a\x00\x00\x00\x03\x00\x00\x00\xff", 13)));
  EXPECT_EQ(u["undecoded"], "1 bytes");
}

#ifdef DSC_TEST_DENSITY_IMAGES
TEST(DensityImageLayout, DecodesEveryLevelAndPointOfARealEstimationModeImage) {
  datasketches::random_utils::override_seed(7);
  datasketches::density_sketch<double> sketch(4, 2);
  for (int i = 0; i < 37; ++i) sketch.update(std::vector<double>{i * 0.25, -i * 0.5});
  ASSERT_TRUE(sketch.is_estimation_mode());
  const auto bytes = sketch.serialize();
  const std::string image(bytes.begin(), bytes.end());
  const auto fields = DecodeDensityImage(image);
  auto m = FieldValuesByName(fields);
  EXPECT_EQ(m["familyId"], "19 (density)");
  EXPECT_EQ(m["preInts"], "6");
  EXPECT_EQ(m["k"], "4");
  EXPECT_EQ(m["dim"], "2");
  EXPECT_EQ(m["n"], "37");
  EXPECT_EQ(m["numRetained"], absl::StrCat(sketch.get_num_retained()));
  EXPECT_EQ(m.count("undecoded"), 0u);
  EXPECT_EQ(m.count("truncated"), 0u);
  // The points in the order the iterator gives them: level by level.
  std::vector<std::string> points;
  for (const auto& f : fields)
    if (f.name.find("][") != std::string::npos) points.push_back(f.value);
  ASSERT_EQ(points.size(), sketch.get_num_retained());
  size_t i = 0;
  for (const auto& entry : sketch) {
    EXPECT_EQ(points[i], absl::StrCat(FormatImageDouble(entry.first[0]), ", ", FormatImageDouble(entry.first[1]))) << i;
    ++i;
  }
  // A range gives the fields that overlap it only: the last point.
  const auto last = DecodeDensityImageRanges(
      image, {{static_cast<uint32_t>(image.size() - 1), static_cast<uint32_t>(image.size())}});
  ASSERT_EQ(last.size(), 1u);
  EXPECT_EQ(last[0].value, points.back());
  EXPECT_EQ(last[0].size, 16u);
}

TEST(DensityImageLayout, DecodesARealEmptyImage) {
  datasketches::density_sketch<double> sketch(10, 3);
  const auto bytes = sketch.serialize();
  auto m = FieldValuesByName(DecodeDensityImage(std::string(bytes.begin(), bytes.end())));
  EXPECT_EQ(m["flags.IS_EMPTY"], "1");
  EXPECT_EQ(m["dim"], "3");
  EXPECT_EQ(m.count("undecoded"), 0u);
}
#endif

}  // namespace
}  // namespace dsconform
