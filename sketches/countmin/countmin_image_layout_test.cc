#include "sketches/countmin/countmin_image_layout.h"

#include <cstdint>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"

#if defined(DSC_HAVE_CPP) && __has_include("count_min.hpp")
#define DSC_TEST_COUNTMIN_IMAGES 1
#include "count_min.hpp"
#endif

namespace dsconform {
namespace {

TEST(CountminImageLayout, DecodesAHandBuiltEmptyImageAndReportsTruncation) {
  // preLongs 2, serVer 1, family 18, IS_EMPTY; 5 buckets, 3 hashes, seed hash 0x93cc.
  const std::string empty("\x02\x01\x12\x01\x00\x00\x00\x00\x05\x00\x00\x00\x03\xcc\x93\x00", 16);
  auto e = FieldValuesByName(DecodeCountminImage(empty));
  EXPECT_EQ(e["familyId"], "18 (count-min)");
  EXPECT_EQ(e["numBuckets"], "5");
  EXPECT_EQ(e["numHashes"], "3");
  EXPECT_EQ(e["seedHash"], "0x93cc");
  EXPECT_EQ(e["flags.IS_EMPTY"], "1");
  EXPECT_EQ(e.count("totalWeight"), 0u);
  EXPECT_EQ(e.count("undecoded"), 0u);

  // Not empty: the total weight, then 15 counters announced; the image ends inside the second.
  std::string cut = empty;
  cut[3] = 0;
  cut += std::string("\x07\x00\x00\x00\x00\x00\x00\x00", 8) + std::string("\x02\x00\x00\x00\x00\x00\x00\x00", 8);
  cut += std::string(3, '\0');
  auto t = FieldValuesByName(DecodeCountminImage(cut));
  EXPECT_EQ(t["totalWeight"], "7");
  EXPECT_EQ(t["counter[0][0]"], "2");
  EXPECT_EQ(t["truncated"], "3 of 8 bytes");
}

TEST(CountminImageLayout, DecodesARangeWithoutTheCountersOutsideIt) {
  std::string image("\x02\x01\x12\x00\x00\x00\x00\x00\x04\x00\x00\x00\x02\xcc\x93\x00", 16);
  image += std::string(8 * 9, '\0');
  // The total weight is bytes 16..24; bytes 48..64 are the fourth and fifth counters: rows 0 and 1.
  const auto fields = DecodeCountminImageRanges(image, {{48, 64}});
  ASSERT_EQ(fields.size(), 2u);
  EXPECT_EQ(fields[0].name, "counter[0][3]");
  EXPECT_EQ(fields[0].offset, 48u);
  EXPECT_EQ(fields[1].name, "counter[1][0]");
}

#ifdef DSC_TEST_COUNTMIN_IMAGES
TEST(CountminImageLayout, DecodesLongCounterImagesTheLibraryWrites) {
  datasketches::count_min_sketch<int64_t> s(3, 7, 9001);
  for (int64_t i = 0; i < 100; ++i) s.update(i, 2);
  s.update(std::string("été"), -5);
  const auto bytes = s.serialize();
  const auto fields = DecodeCountminImage(std::string(bytes.begin(), bytes.end()));
  auto m = FieldValuesByName(fields);
  EXPECT_EQ(m["preLongs"], "2");
  EXPECT_EQ(m["flags.IS_EMPTY"], "0");
  EXPECT_EQ(m["numBuckets"], "7");
  EXPECT_EQ(m["numHashes"], "3");
  EXPECT_EQ(m["totalWeight"], absl::StrCat(s.get_total_weight()));
  // Each row's counters add up to the signed sum of the weights: every item lands once per row.
  for (int row = 0; row < 3; ++row) {
    int64_t sum = 0;
    for (int b = 0; b < 7; ++b) sum += std::stoll(m[absl::StrCat("counter[", row, "][", b, "]")]);
    EXPECT_EQ(sum, 200 - 5) << "row " << row;
  }
  EXPECT_EQ(m.count("counter[3][0]"), 0u);
  EXPECT_EQ(m.count("undecoded"), 0u);
  EXPECT_EQ(m.count("truncated"), 0u);
}

TEST(CountminImageLayout, DecodesDoubleCounterImagesAsDoubles) {
  datasketches::count_min_sketch<double> s(2, 3, 9001);
  s.update(int64_t{42}, 1.5);
  const auto bytes = s.serialize();
  auto m = FieldValuesByName(DecodeCountminImage(std::string(bytes.begin(), bytes.end())));
  EXPECT_EQ(m["totalWeight"], "1.5");
  double row0 = 0;
  for (int b = 0; b < 3; ++b) row0 += std::stod(m[absl::StrCat("counter[0][", b, "]")]);
  EXPECT_EQ(row0, 1.5);
}
#endif

}  // namespace
}  // namespace dsconform
