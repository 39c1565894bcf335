// The Tuple image decoder names every byte of both published formats, with
// each entry's summary, on images datasketches-cpp writes (when it is compiled
// in) and on datasketches-java's, whose bytes are written out here.
#include "sketches/tuple/tuple_image_layout.h"

#include <map>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"

#ifdef DSC_HAVE_CPP
#include "array_of_doubles_sketch.hpp"
#include "tuple_sketch.hpp"
#if __has_include(<array_of_strings_sketch.hpp>)
#include "array_of_strings_sketch.hpp"
#endif
#endif

namespace dsconform {
namespace {

std::string Unhex(const std::string& h) {
  std::string b(h.size() / 2, '\0');
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<char>(std::stoi(h.substr(2 * i, 2), nullptr, 16));
  return b;
}

// datasketches-java 9.1.0: keys 0 and 1 with DoubleSummary(Sum) 1.5 each, compact():
// 9 bytes a summary (the value, then the mode's ordinal).
const char kJavaTwoDoubles[] =
    "02030901000acc93020000000000000015f97dcbbd86a105000000000000f83f00e56b61eec8804420000000000000f83f00";

TEST(TupleImageLayout, DecodesJavasDoubleSummariesWithTheirModeByte) {
  const auto m = FieldValuesByName(DecodeTupleImage(Unhex(kJavaTwoDoubles)));
  EXPECT_EQ(m.at("preLongs"), "2");
  EXPECT_EQ(m.at("serVer"), "3");
  EXPECT_EQ(m.at("family"), "9 (TUPLE)");
  EXPECT_EQ(m.at("flags"), "0x0a (READ_ONLY|COMPACT)");
  EXPECT_EQ(m.at("seedHash"), "0x93cc");
  EXPECT_EQ(m.at("numEntries"), "2");
  EXPECT_EQ(m.at("entry[0].hash"), "0x05a186bdcb7df915");
  EXPECT_EQ(m.at("entry[0].summary"), "1.5 mode=Sum");
  EXPECT_EQ(m.at("entry[1].hash"), "0x204480c8ee616be5");
  EXPECT_EQ(m.at("entry[1].summary"), "1.5 mode=Sum");
  EXPECT_EQ(m.count("undecoded") + m.count("truncated"), 0u);
}

TEST(TupleImageLayout, ARangeDecodesOnlyTheEntriesItOverlaps) {
  const std::string image = Unhex(kJavaTwoDoubles);
  // Bytes 33..49 are the second entry (16 + 17).
  const auto fields = DecodeTupleImageRange(image, 33, 50);
  const auto m = FieldValuesByName(fields);
  EXPECT_EQ(m.count("entry[0].hash"), 0u);
  EXPECT_EQ(m.count("entry[1].hash"), 1u);
  EXPECT_EQ(m.count("preLongs"), 0u);
}

// datasketches-java 9.1.0: ArrayOfStringsTupleSketch, key {"0"} with the strings {"a", "é"}, key
// {"1"} with {""}, compact(): each summary its total size, the count, then length and UTF-8 bytes.
const char kJavaTwoStringArrays[] =
    "02030901000acc93020000000000000025ead514287b4a171000000002010000006102000000c3a9efb58df6764a8d030900000001"
    "00000000";

TEST(TupleImageLayout, DecodesJavasArrayOfStringsEntriesOfTwoSizes) {
  const auto m = FieldValuesByName(DecodeTupleImage(Unhex(kJavaTwoStringArrays)));
  EXPECT_EQ(m.at("numEntries"), "2");
  EXPECT_EQ(m.at("entry[0].hash"), "0x174a7b2814d5ea25");
  EXPECT_EQ(m.at("entry[0].summary"), "\"a\"/\"\\xc3\\xa9\"");
  EXPECT_EQ(m.at("entry[1].hash"), "0x038d4a76f68db5ef");
  EXPECT_EQ(m.at("entry[1].summary"), "\"\"");
  EXPECT_EQ(m.count("undecoded") + m.count("truncated"), 0u);
}

TEST(TupleImageLayout, AnArrayOfStringsImageCutShortIsNotReadAsOne) {
  const std::string image = Unhex(kJavaTwoStringArrays);
  // Two bytes short: the last string's length runs past the end, and no fixed width fits either.
  const auto m = FieldValuesByName(DecodeTupleImage(image.substr(0, image.size() - 2)));
  EXPECT_EQ(m.count("entry[0].summary"), 0u);
  EXPECT_EQ(m.count("undecoded"), 1u);
}

TEST(TupleImageLayout, SaysWhereATruncatedImageEnds) {
  const std::string image = Unhex(kJavaTwoDoubles).substr(0, 10);
  const auto m = FieldValuesByName(DecodeTupleImage(image));
  ASSERT_EQ(m.count("truncated"), 1u);
  EXPECT_NE(m.at("truncated").find("numEntries"), std::string::npos);
}

TEST(TupleImageLayout, NamesJavasUpdatableImageWithoutDecodingIt) {
  const auto m = FieldValuesByName(DecodeTupleImage(Unhex("0102090000000000")));
  ASSERT_EQ(m.count("undecoded"), 1u);
  EXPECT_NE(m.at("undecoded").find("update-sketch image"), std::string::npos);
}

#ifdef DSC_HAVE_CPP
std::string Bytes(const std::vector<uint8_t>& v) { return std::string(v.begin(), v.end()); }

TEST(TupleImageLayout, DecodesEveryEntryOfAnEstimationModeCppImage) {
  auto s = datasketches::update_tuple_sketch<double>::builder().set_lg_k(5).build();
  for (int64_t i = 0; i < 100; ++i) s.update(i, 0.25 * static_cast<double>(i));
  const auto compact = s.compact(true);
  const auto m = FieldValuesByName(DecodeTupleImage(Bytes(compact.serialize())));
  EXPECT_EQ(m.at("preLongs"), "3");
  EXPECT_EQ(m.at("flags"), "0x1a (READ_ONLY|COMPACT|ORDERED)");
  EXPECT_EQ(m.at("numEntries"), std::to_string(compact.get_num_retained()));
  EXPECT_EQ(m.at("thetaLong").substr(0, m.at("thetaLong").find(' ')), std::to_string(compact.get_theta64()));
  size_t i = 0;
  for (const auto& e : compact) {
    char hash[19];
    std::snprintf(hash, sizeof hash, "0x%016llx", static_cast<unsigned long long>(e.first));
    EXPECT_EQ(m.at("entry[" + std::to_string(i) + "].hash"), hash) << i;
    ++i;
  }
  EXPECT_EQ(i, compact.get_num_retained());
  EXPECT_EQ(m.count("entry[" + std::to_string(i) + "].hash"), 0u);
}

TEST(TupleImageLayout, DecodesCppInt32SummariesAndTheOneEntryPreamble) {
  auto s = datasketches::update_tuple_sketch<int32_t>::builder().set_lg_k(5).build();
  s.update(int64_t{7}, -3);
  const auto m = FieldValuesByName(DecodeTupleImage(Bytes(s.compact().serialize())));
  EXPECT_EQ(m.at("preLongs"), "1");
  EXPECT_EQ(m.at("entry[0].summary"), "-3");
  EXPECT_EQ(m.count("entry[1].hash"), 0u);
}

TEST(TupleImageLayout, DecodesAnArrayOfDoublesImageValueByValue) {
  auto s = datasketches::update_array_of_doubles_sketch::builder(
               datasketches::default_array_of_doubles_update_policy(3))
               .set_lg_k(5)
               .build();
  s.update(int64_t{1}, std::vector<double>{1.0, -2.0, 0.5});
  s.update(int64_t{2}, std::vector<double>{3.0, 4.0, 5.0});
  const auto compact = s.compact(true);
  const auto m = FieldValuesByName(DecodeTupleImage(Bytes(compact.serialize())));
  EXPECT_EQ(m.at("serVer"), "1");
  EXPECT_EQ(m.at("sketchType"), "3 (ArrayOfDoublesCompactSketch)");
  EXPECT_EQ(m.at("numValues"), "3");
  EXPECT_EQ(m.at("numEntries"), "2");
  size_t i = 0;
  for (const auto& e : compact) {
    for (size_t j = 0; j < 3; ++j) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.1f", e.second[j]);
      EXPECT_EQ(m.at("entry[" + std::to_string(i) + "].value[" + std::to_string(j) + "]"), buf);
    }
    ++i;
  }
}

#if __has_include(<array_of_strings_sketch.hpp>)
TEST(TupleImageLayout, DecodesCppArrayOfStringsSummariesAsTheQueryWritesThem) {
  auto s = datasketches::update_array_of_strings_tuple_sketch<>::builder().set_lg_k(5).build();
  datasketches::array_of_strings v(3, "");
  v[0] = "x\"y";
  v[2] = "\xe6\xbc\xa2";
  s.update(datasketches::hash_array_of_strings_key(datasketches::array_of_strings(1, "k")), v);
  const auto bytes = datasketches::compact_array_of_strings_sketch(s).serialize(
      0, datasketches::default_array_of_strings_serde<>());
  const auto m = FieldValuesByName(DecodeTupleImage(Bytes(bytes)));
  EXPECT_EQ(m.at("preLongs"), "1");
  EXPECT_EQ(m.at("entry[0].summary"), "\"x\\x22y\"/\"\"/\"\\xe6\\xbc\\xa2\"");
  EXPECT_EQ(m.count("undecoded") + m.count("truncated"), 0u);
}
#endif
#endif

}  // namespace
}  // namespace dsconform
