#include "sketches/hll/hll_image_checks.h"

#include "absl/strings/escaping.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

// A compact HLL_6 image of lgK 4 as datasketches-java 9.0.0 wrote it: the
// COMPACT flag (byte 5, 0x08) is missing.
const char* kJava900Hll6Compact =
    "0a01070400000006adaaaa04000020400000000000000000000000000000000000000000000000000000000000000000"
    "0000000000";

TEST(HllCompactFlag, FlagsACompactImageWithoutTheCompactBit) {
  const Value image = Value::Bytes(absl::HexStringToBytes(kJava900Hll6Compact));
  const auto violations = CheckHllInvariant({"hll_compact_flag", {"a.compact"}}, {&image});
  ASSERT_EQ(violations.size(), 1u);
  EXPECT_EQ(violations[0], "a.compact: COMPACT flag is false in an image serialized as compact");
  // Serialized as updatable, the same bytes are right.
  EXPECT_TRUE(CheckHllInvariant({"hll_compact_flag", {"a.updatable"}}, {&image}).empty());
}

// A compact HLL_8 image of lgK 4: 13 registers at 0, three at 1, and the given
// numAtCurMin and hipAccum bytes.
std::string Hll8Image(uint8_t num_at_cur_min, bool out_of_order, uint8_t hip_byte) {
  std::string img(40 + 16, '\0');
  const uint8_t header[] = {10, 1, 7, 4, 0, static_cast<uint8_t>(0x08 | (out_of_order ? 0x10 : 0)), 0, 0x0a};
  for (size_t i = 0; i < sizeof header; ++i) img[i] = static_cast<char>(header[i]);
  img[15] = static_cast<char>(hip_byte);  // top byte of hipAccum: 0x40 makes it 2.0
  img[32] = static_cast<char>(num_at_cur_min);
  img[40 + 2] = img[40 + 7] = img[40 + 11] = 1;
  return img;
}

TEST(HllImageConsistent, RecountsTheRegistersAtCurMin) {
  const Value right = Value::Bytes(Hll8Image(13, false, 0));
  EXPECT_TRUE(CheckHllInvariant({"hll_image_consistent", {"u.compact"}}, {&right}).empty());
  const Value wrong = Value::Bytes(Hll8Image(16, false, 0));
  EXPECT_EQ(CheckHllInvariant({"hll_image_consistent", {"u.compact"}}, {&wrong}),
            std::vector<std::string>{"u.compact: stores curMin 0 numAtCurMin 16, its registers give curMin 0 numAtCurMin 13"});
}

TEST(HllImageConsistent, OutOfOrderImagesCarryNoHipAccumulator) {
  const Value hip = Value::Bytes(Hll8Image(13, true, 0x40));
  EXPECT_EQ(CheckHllInvariant({"hll_image_consistent", {"u.compact"}}, {&hip}),
            std::vector<std::string>{"u.compact: out-of-order flag set but hipAccum is 2.0, not 0"});
  const Value truncated = Value::Bytes(Hll8Image(13, false, 0).substr(0, 50));
  const auto v = CheckHllInvariant({"hll_image_consistent", {"u.compact"}}, {&truncated});
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].rfind("u.compact: image does not decode (image ends at byte 50", 0), 0u) << v[0];
}

TEST(HllImageConsistent, IgnoresFieldsThatAreNotImages) {
  const Value estimate = Value::Double(3.0);
  EXPECT_TRUE(CheckHllInvariant({"hll_image_consistent", {"a.estimate"}}, {&estimate}).empty());
  EXPECT_TRUE(CheckHllInvariant({"hll_image_consistent", {"a.compact"}}, {nullptr}).empty());
}

}  // namespace
}  // namespace dsconform
