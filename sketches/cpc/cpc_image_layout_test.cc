// The CPC image decoder on hand-built images of every layout and on images
// datasketches-cpp writes in every flavor.
#include "sketches/cpc/cpc_image_layout.h"

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"
#if DSC_HAVE_CPP
#include "cpc_sketch.hpp"
#include "cpc_union.hpp"
#endif

namespace dsconform {
namespace {

void PutU32(std::string& img, uint32_t v) {
  for (int i = 0; i < 4; ++i) img.push_back(static_cast<char>(v >> (8 * i)));
}
void PutF64(std::string& img, double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  for (int i = 0; i < 8; ++i) img.push_back(static_cast<char>(bits >> (8 * i)));
}
std::string Header(uint8_t pre_ints, uint8_t lg_k, uint8_t fi_col, uint8_t flags) {
  return std::string({static_cast<char>(pre_ints), 1, 16, static_cast<char>(lg_k), static_cast<char>(fi_col),
                      static_cast<char>(flags), static_cast<char>(0xcc), static_cast<char>(0x93)});
}

TEST(CpcImageLayout, EmptyImageIsItsEightByteHeader) {
  const auto f = FieldsByName(DecodeCpcImage(Header(2, 11, 0, 0x06)));
  EXPECT_EQ(f.at("preInts").value, "2");
  EXPECT_EQ(f.at("family").value, "16");
  EXPECT_EQ(f.at("lgK").value, "11");
  EXPECT_EQ(f.at("flags").value, "0x06 (COMPRESSED|HAS_HIP)");
  EXPECT_EQ(f.at("flags.HAS_TABLE").value, "false");
  EXPECT_EQ(f.at("seedHash").value, "0x93cc");
  EXPECT_EQ(f.at("seedHash").offset, 6u);
  EXPECT_EQ(f.at("seedHash").size, 2u);
  EXPECT_FALSE(f.count("numCoupons") || f.count("undecoded") || f.count("truncated"));
}

TEST(CpcImageLayout, SparseWithHipStoresHipAfterTheTableLength) {
  std::string img = Header(8, 10, 0, 0x0e);
  PutU32(img, 3);  // numCoupons
  PutU32(img, 2);  // tableLengthInts
  PutF64(img, 1000.5);
  PutF64(img, 3.25);
  PutU32(img, 0xdeadbeef);
  PutU32(img, 7);
  const auto f = FieldsByName(DecodeCpcImage(img));
  EXPECT_EQ(f.at("numCoupons").offset, 8u);
  EXPECT_EQ(f.at("numCoupons").value, "3");
  EXPECT_EQ(f.at("tableLengthInts").offset, 12u);
  EXPECT_EQ(f.at("kxp").offset, 16u);
  EXPECT_EQ(f.at("kxp").value, "1000.5");
  EXPECT_EQ(f.at("hipEstAccum").offset, 24u);
  EXPECT_EQ(f.at("hipEstAccum").value, "3.25");
  EXPECT_EQ(f.at("tableStream[0]").offset, 32u);
  EXPECT_EQ(f.at("tableStream[0]").value, "0xdeadbeef");
  EXPECT_EQ(f.at("tableStream[1]").value, "0x00000007");
  EXPECT_FALSE(f.count("numSv") || f.count("windowLengthInts") || f.count("undecoded"));
}

// A HIP image with a table of one word and a window: the preamble, the window's words, the table's.
std::string TableAndWindowImage(const std::vector<uint32_t>& window, uint32_t table_word) {
  std::string img = Header(10, 8, 3, 0x1e);
  PutU32(img, 900);  // numCoupons
  PutU32(img, 5);    // numSv
  PutF64(img, 12.0);
  PutF64(img, 950.0);
  PutU32(img, 1);  // tableLengthInts
  PutU32(img, static_cast<uint32_t>(window.size()));  // windowLengthInts
  for (const uint32_t w : window) PutU32(img, w);
  PutU32(img, table_word);
  return img;
}

TEST(CpcImageLayout, TableAndWindowStoreNumSvAndHipBeforeTheLengthsWindowFirst) {
  const std::string img = TableAndWindowImage({0x11111111, 0x22222222}, 0x33333333);
  const auto fields = DecodeCpcImage(img);
  const auto f = FieldsByName(fields);
  EXPECT_EQ(f.at("firstInterestingColumn").value, "3");
  EXPECT_EQ(f.at("numSv").offset, 12u);
  EXPECT_EQ(f.at("kxp").offset, 16u);
  EXPECT_EQ(f.at("hipEstAccum").offset, 24u);
  EXPECT_EQ(f.at("tableLengthInts").offset, 32u);
  EXPECT_EQ(f.at("windowLengthInts").offset, 36u);
  EXPECT_EQ(f.at("windowStream[0]").offset, 40u);
  EXPECT_EQ(f.at("windowStream[1]").value, "0x22222222");
  EXPECT_EQ(f.at("tableStream[0]").offset, 48u);
  EXPECT_EQ(f.at("tableStream[0]").value, "0x33333333");
  EXPECT_EQ(fields.back().name, "tableStream[0]");
}

TEST(CpcImageLayout, MergedWindowOnlyHasNoHipFields) {
  std::string img = Header(4, 4, 1, 0x12);
  PutU32(img, 40);
  PutU32(img, 1);
  PutU32(img, 0xabcdef01);
  const auto f = FieldsByName(DecodeCpcImage(img));
  EXPECT_EQ(f.at("windowLengthInts").offset, 12u);
  EXPECT_EQ(f.at("windowStream[0]").offset, 16u);
  EXPECT_FALSE(f.count("kxp") || f.count("hipEstAccum") || f.count("numSv") || f.count("tableLengthInts"));
}

TEST(CpcImageLayout, DamagedImagesSayWhereTheyStop) {
  std::string img = Header(8, 10, 0, 0x0e);
  PutU32(img, 3);
  PutU32(img, 4);  // claims 4 words, has 1
  PutF64(img, 1.0);
  PutF64(img, 2.0);
  PutU32(img, 9);
  auto f = FieldsByName(DecodeCpcImage(img));
  ASSERT_TRUE(f.count("truncated"));
  EXPECT_EQ(f.at("truncated").offset, 32u);
  EXPECT_NE(f.at("truncated").value.find("tableStream of 4 words"), std::string::npos);

  f = FieldsByName(DecodeCpcImage(img.substr(0, 5)));
  ASSERT_TRUE(f.count("truncated"));
  EXPECT_EQ(f.at("truncated").offset, 5u);

  std::string hll = Header(2, 11, 0, 0x06);
  hll[2] = 7;
  hll += "more";
  f = FieldsByName(DecodeCpcImage(hll));
  EXPECT_EQ(f.at("family").value, "7 (CPC is 16)");
  EXPECT_EQ(f.at("undecoded").offset, 8u);

  f = FieldsByName(DecodeCpcImage(Header(2, 11, 0, 0x06) + "xy"));
  EXPECT_EQ(f.at("undecoded").offset, 8u);
  EXPECT_TRUE(FieldsByName(DecodeCpcImage("")).count("truncated"));
}

TEST(CpcImageLayout, RangeDecodingGivesTheFieldsOverlappingTheRange) {
  std::string img = Header(8, 10, 0, 0x0e);
  PutU32(img, 3);
  PutU32(img, 3);
  PutF64(img, 1.0);
  PutF64(img, 2.0);
  for (uint32_t w = 0; w < 3; ++w) PutU32(img, w);
  const auto range = DecodeCpcImageRange(img, 37, 39);
  ASSERT_EQ(range.size(), 1u);
  EXPECT_EQ(range[0].name, "tableStream[1]");
  const auto header = DecodeCpcImageRange(img, 24, 25);
  ASSERT_EQ(header.size(), 1u);
  EXPECT_EQ(header[0].name, "hipEstAccum");
}

// The fields of a whole decode that a preamble decode must give: all but stream words past 40 bytes.
std::vector<std::string> PreambleNames(const std::vector<DecodedField>& fields) {
  std::vector<std::string> names;
  for (const auto& f : fields)
    if (f.name.find("Stream[") == std::string::npos || f.offset < 40) names.push_back(f.name + "=" + f.value);
  return names;
}

TEST(CpcImageLayout, ThePreambleIsTheWholeDecodeBeforeTheStreamsWithItsProblemsWherever) {
  std::vector<uint32_t> window(20);
  for (uint32_t w = 0; w < window.size(); ++w) window[w] = w;
  const std::string img = TableAndWindowImage(window, 20);
  EXPECT_EQ(PreambleNames(DecodeCpcPreamble(img)), PreambleNames(DecodeCpcImage(img)));
  EXPECT_EQ(DecodeCpcPreamble(img).back().name, "windowLengthInts");  // no stream word past 40 bytes

  // Truncated inside the table stream, 100 bytes in; bytes past the sketch.
  std::string truncated = img.substr(0, 100);
  auto f = FieldsByName(DecodeCpcPreamble(truncated));
  ASSERT_TRUE(f.count("truncated"));
  EXPECT_EQ(f.at("truncated").offset, 40u);
  EXPECT_EQ(f.at("truncated").value, FieldsByName(DecodeCpcImage(truncated)).at("truncated").value);
  f = FieldsByName(DecodeCpcPreamble(img + "tail"));
  ASSERT_TRUE(f.count("undecoded"));
  EXPECT_EQ(f.at("undecoded").offset, img.size());
  EXPECT_EQ(PreambleNames(DecodeCpcPreamble(img + "tail")), PreambleNames(DecodeCpcImage(img + "tail")));
}

#if DSC_HAVE_CPP
TEST(CpcImageLayout, DecodesEveryFlavorDatasketchesCppWrites) {
  for (int lg_k : {4, 10}) {
    const int64_t k = int64_t{1} << lg_k;
    for (int64_t n : {int64_t{0}, int64_t{1}, k / 8, k / 3, 2 * k, 40 * k}) {
      datasketches::cpc_sketch sketch(static_cast<uint8_t>(lg_k));
      for (int64_t i = 0; i < n; ++i) sketch.update(i);
      datasketches::cpc_union u(static_cast<uint8_t>(lg_k));
      u.update(sketch);
      for (const auto& s : {sketch, u.get_result()}) {
        const auto bytes = s.serialize();
        const std::string img(bytes.begin(), bytes.end());
        const auto fields = DecodeCpcImage(img);
        const auto f = FieldsByName(fields);
        SCOPED_TRACE(testing::Message() << "lgK " << lg_k << " n " << n);
        EXPECT_FALSE(f.count("truncated") || f.count("undecoded"));
        EXPECT_EQ(fields.back().offset + fields.back().size, img.size());
        EXPECT_EQ(PreambleNames(DecodeCpcPreamble(img)), PreambleNames(fields));
        EXPECT_EQ(f.at("lgK").value, std::to_string(lg_k));
        EXPECT_EQ(f.count("numCoupons") ? f.at("numCoupons").value : "0", std::to_string(s.get_num_coupons()));
      }
      const auto bytes = sketch.serialize();
      if (n > 0) {
        double hip;
        const auto f = FieldsByName(DecodeCpcImage(std::string(bytes.begin(), bytes.end())));
        std::memcpy(&hip, bytes.data() + f.at("hipEstAccum").offset, 8);
        EXPECT_EQ(hip, sketch.get_estimate());
      }
    }
  }
}
#endif

}  // namespace
}  // namespace dsconform
