#include "sketches/bloom/bloom_image_layout.h"

#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"
#include "sketches/bloom/bloom_checks.h"

#if defined(DSC_HAVE_CPP) && __has_include("bloom_filter.hpp")
#define DSC_TEST_BLOOM_IMAGES 1
#include "bloom_filter.hpp"
#endif

namespace dsconform {
namespace {

std::vector<std::string> Consistent(const std::string& image) {
  const Value v = Value::Bytes(image);
  return CheckBloomInvariant({"bloom_image_consistent", {"a.compact"}}, {&v});
}

// preLongs 3, serVer 1, family 21, flags IS_EMPTY, 3 hashes, seed 42, 2 longs.
const std::string kEmpty("\x03\x01\x15\x04\x03\x00\x00\x00\x2a\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00",
                         24);

TEST(BloomImageLayout, DecodesAHandBuiltEmptyImage) {
  auto m = FieldValuesByName(DecodeBloomImage(kEmpty));
  EXPECT_EQ(m["preLongs"], "3");
  EXPECT_EQ(m["familyId"], "21 (Bloom filter)");
  EXPECT_EQ(m["flags.IS_EMPTY"], "1");
  EXPECT_EQ(m["numHashes"], "3");
  EXPECT_EQ(m["seed"], "42");
  EXPECT_EQ(m["numLongs"], "2 (128 bits)");
  EXPECT_EQ(m.count("numBitsSet"), 0u);
  EXPECT_TRUE(Consistent(kEmpty).empty());
}

TEST(BloomImageLayout, DecodesWordsOfARangeOnlyAndReportsTruncation) {
  std::string image = kEmpty;
  image[0] = 4;
  image[3] = 0;
  image += std::string("\x02\x00\x00\x00\x00\x00\x00\x00", 8);      // numBitsSet 2
  image += std::string("\x00\x00\x00\x00\x00\x00\x00\x00", 8);      // bits[0]
  image += std::string("\x01\x00\x00\x00\x00\x00\x00\x80", 8);      // bits[1]: two set
  auto m = FieldValuesByName(DecodeBloomImage(image));
  EXPECT_EQ(m["numBitsSet"], "2");
  EXPECT_EQ(m["bits[1]"], "0x8000000000000001 (2 set)");
  EXPECT_TRUE(Consistent(image).empty());
  const auto range = DecodeBloomImageRange(image, 41, 42);
  ASSERT_EQ(range.size(), 1u);
  EXPECT_EQ(range[0].name, "bits[1]");

  // A numBitsSet the words contradict, and an image one word short.
  std::string wrong = image;
  wrong[24] = 3;
  ASSERT_EQ(Consistent(wrong).size(), 1u);
  EXPECT_NE(Consistent(wrong)[0].find("numBitsSet 3 but the words set 2"), std::string::npos);
  const std::string cut = image.substr(0, image.size() - 8);
  EXPECT_EQ(FieldValuesByName(DecodeBloomImage(cut)).count("truncated"), 1u);
  EXPECT_FALSE(Consistent(cut).empty());
}

TEST(BloomImageLayout, ReadsBytesThatAreNoImageAsAnswers) {
  const std::string answers("\x01\xff\x80", 3);
  auto m = FieldValuesByName(DecodeBloomImage(answers));
  EXPECT_EQ(m["items[0..7]"], "10000000");
  EXPECT_EQ(m["items[8..15]"], "11111111");
  EXPECT_EQ(m["items[16..23]"], "00000001");
  EXPECT_EQ(m.count("preLongs"), 0u);
  const auto range = DecodeBloomImageRange(answers, 2, 3);
  ASSERT_EQ(range.size(), 1u);
  EXPECT_EQ(range[0].name, "items[16..23]");
}

TEST(BloomChecks, NoFalseNegativesAndTheBinomialTestJudgeCounts) {
  const Value zero = Value::Int(0), one = Value::Int(1);
  EXPECT_TRUE(CheckBloomInvariant({"bloom_no_false_negatives", {"in.absent"}}, {&zero}).empty());
  EXPECT_EQ(CheckBloomInvariant({"bloom_no_false_negatives", {"in.absent"}}, {&one}).size(), 1u);
  // Half the bits used, 1 hash: an estimate of 0.5. 500 of 1000 is plausible, 900 is not.
  const Value used = Value::Int(64), capacity = Value::Int(128), hashes = Value::Int(1);
  const Value p500 = Value::Int(500), a500 = Value::Int(500), p900 = Value::Int(900), a100 = Value::Int(100);
  const Invariant fpp{"bloom_fpp_binomial", {"out.present", "out.absent", "a.bits_used", "a.capacity", "a.num_hashes"}};
  EXPECT_TRUE(CheckBloomInvariant(fpp, {&p500, &a500, &used, &capacity, &hashes}).empty());
  EXPECT_EQ(CheckBloomInvariant(fpp, {&p900, &a100, &used, &capacity, &hashes}).size(), 1u);
  EXPECT_DOUBLE_EQ(BloomEstimatedFpp(64, 128, 3), 0.125);
}

#ifdef DSC_TEST_BLOOM_IMAGES
TEST(BloomImageLayout, DecodesImagesTheLibraryWritesBeforeAndAfterCounting) {
  auto f = datasketches::bloom_filter::builder::create_by_size(1000, 3, 9001);
  for (int64_t i = 0; i < 100; ++i) f.update(i);
  const auto dirty = f.serialize();
  const std::string dirty_image(dirty.begin(), dirty.end());
  auto m = FieldValuesByName(DecodeBloomImage(dirty_image));
  EXPECT_EQ(m["preLongs"], "4");
  EXPECT_EQ(m["numHashes"], "3");
  EXPECT_EQ(m["seed"], "9001");
  EXPECT_EQ(m["numLongs"], "16 (1024 bits)");
  EXPECT_EQ(m["numBitsSet"], "dirty (all ones: not counted)");
  EXPECT_EQ(m.count("bits[15]"), 1u);
  EXPECT_EQ(m.count("undecoded"), 0u);
  EXPECT_TRUE(Consistent(dirty_image).empty());

  const uint64_t used = f.get_bits_used();
  const auto counted = f.serialize();
  const std::string counted_image(counted.begin(), counted.end());
  EXPECT_EQ(FieldValuesByName(DecodeBloomImage(counted_image))["numBitsSet"], absl::StrCat(used));
  EXPECT_EQ(BloomImagePopcount(counted_image), used);
  EXPECT_TRUE(Consistent(counted_image).empty());
}
#endif

}  // namespace
}  // namespace dsconform
