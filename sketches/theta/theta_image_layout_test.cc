// The Theta image decoder names every byte of the published formats, on
// hand-built images and, when datasketches-cpp is compiled in, on its own.
#include "sketches/theta/theta_image_layout.h"

#include <cstring>
#include <map>
#include <string>

#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"

#ifdef DSC_HAVE_CPP
#include "theta_sketch.hpp"
#endif

namespace dsconform {
namespace {

void PutLe(std::string& img, size_t off, uint64_t v, int size) {
  for (int i = 0; i < size; ++i) img[off + i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

// A compact, ordered serVer-3 image in estimation mode with two entries.
std::string CompactEstimationImage() {
  std::string img(24 + 16, '\0');
  img[0] = 3;     // preLongs
  img[1] = 3;     // serVer
  img[2] = 3;     // family COMPACT
  img[5] = 0x1a;  // READ_ONLY | COMPACT | ORDERED
  PutLe(img, 6, 0x93cc, 2);
  PutLe(img, 8, 2, 4);
  const float p = 1.0f;
  uint32_t bits;
  std::memcpy(&bits, &p, 4);
  PutLe(img, 12, bits, 4);
  PutLe(img, 16, uint64_t{1} << 62, 8);  // theta 0.5
  PutLe(img, 24, 0x100, 8);
  PutLe(img, 32, 0x200, 8);
  return img;
}

TEST(ThetaImageLayout, DecodesACompactImageField) {
  const auto fields = DecodeThetaImage(CompactEstimationImage());
  const auto m = FieldValuesByName(fields);
  EXPECT_EQ(m.at("preLongs"), "3");
  EXPECT_EQ(m.at("serVer"), "3");
  EXPECT_EQ(m.at("family"), "3 (COMPACT)");
  EXPECT_EQ(m.at("flags"), "0x1a (READ_ONLY|COMPACT|ORDERED)");
  EXPECT_EQ(m.at("flags.EMPTY"), "false");
  EXPECT_EQ(m.at("seedHash"), "0x93cc");
  EXPECT_EQ(m.at("curCount"), "2");
  EXPECT_EQ(m.at("p"), "1 (0x3f800000)");
  EXPECT_EQ(m.at("thetaLong"), "4611686018427387904 (theta 0.5)");
  EXPECT_EQ(m.at("entry[0]").substr(0, 18), "0x0000000000000100");
  EXPECT_EQ(m.at("entry[1]").substr(0, 18), "0x0000000000000200");
  EXPECT_EQ(m.count("undecoded"), 0u);
  // Offsets are in order and inside the image.
  for (size_t i = 1; i < fields.size(); ++i) EXPECT_LE(fields[i - 1].offset, fields[i].offset);
}

TEST(ThetaImageLayout, RangeDecodesOnlyTheOverlappingFields) {
  const auto fields = DecodeThetaImageRange(CompactEstimationImage(), 32, 33);
  ASSERT_EQ(fields.size(), 1u);
  EXPECT_EQ(fields[0].name, "entry[1]");
  EXPECT_EQ(fields[0].offset, 32u);
}

TEST(ThetaImageLayout, ReportsTruncationAndTrailingBytes) {
  std::string img = CompactEstimationImage();
  const auto cut = FieldValuesByName(DecodeThetaImage(img.substr(0, 30)));
  EXPECT_EQ(cut.count("truncated"), 1u);
  EXPECT_EQ(cut.count("entry[1]"), 0u);
  const auto longer = FieldValuesByName(DecodeThetaImage(img + std::string(5, '\x7f')));
  EXPECT_EQ(longer.at("undecoded"), "5 bytes: past the end of the sketch");
  const auto other = FieldValuesByName(DecodeThetaImage(std::string("\x01\x01\x07\x00", 4)));
  EXPECT_EQ(other.at("undecoded"), "2 bytes: serVer 1 is not 3 or 4");
  EXPECT_EQ(FieldValuesByName(DecodeThetaImage("")).count("truncated"), 1u);
}

TEST(ThetaImageLayout, DecodesTheDeltaCodedCompressedForm) {
  // serVer 4, exact mode, 3 entries 5, 9, 12 as 4-bit deltas 5, 4, 3.
  std::string img(8 + 1 + 2, '\0');
  img[0] = 1;
  img[1] = 4;
  img[2] = 3;
  img[3] = 4;  // entryBits
  img[4] = 1;  // numEntriesBytes
  img[5] = 0x1a;
  img[8] = 3;
  img[9] = 0x54;
  img[10] = 0x30;
  const auto m = FieldValuesByName(DecodeThetaImage(img));
  EXPECT_EQ(m.at("entryBits"), "4");
  EXPECT_EQ(m.at("numEntries"), "3");
  EXPECT_EQ(m.at("entry[0]").substr(0, 18), "0x0000000000000005");
  EXPECT_EQ(m.at("entry[1]").substr(0, 18), "0x0000000000000009");
  EXPECT_EQ(m.at("entry[2]").substr(0, 18), "0x000000000000000c");
  EXPECT_EQ(m.count("undecoded"), 0u);
}

TEST(ThetaImageLayout, ARangeOfTheCompressedFormCountsTheEntriesBeforeIt) {
  std::string img(8 + 1 + 2, '\0');
  img[0] = 1, img[1] = 4, img[2] = 3, img[3] = 4, img[4] = 1, img[5] = 0x1a, img[8] = 3, img[9] = 0x54, img[10] = 0x30;
  const auto fields = DecodeThetaImageRange(img, 10, 11);  // entry[2] alone: 5 + 4 + 3
  ASSERT_EQ(fields.size(), 1u);
  EXPECT_EQ(fields[0].name, "entry[2]");
  EXPECT_EQ(fields[0].value.substr(0, 18), "0x000000000000000c");
  EXPECT_EQ(DecodeThetaImageRange(img, 9, 10).size(), 2u);  // entries 0 and 1, nothing after them
  // A range before a truncation does not see it; the whole image does.
  img[8] = 5;  // numEntries 5: the stream needs 3 bytes
  EXPECT_EQ(FieldValuesByName(DecodeThetaImageRange(img, 9, 10)).count("truncated"), 0u);
  EXPECT_EQ(FieldValuesByName(DecodeThetaImage(img)).count("truncated"), 1u);
}

#ifdef DSC_HAVE_CPP
TEST(ThetaImageLayout, AgreesWithTheLibrarysOwnImages) {
  auto sketch = datasketches::update_theta_sketch::builder().set_lg_k(5).build();
  for (int i = 0; i < 1000; ++i) sketch.update(i);
  const auto compact = sketch.compact(true);
  for (bool compressed : {false, true}) {
    const auto bytes = compressed ? compact.serialize_compressed() : compact.serialize();
    const auto fields = DecodeThetaImage(std::string(bytes.begin(), bytes.end()));
    const auto m = FieldValuesByName(fields);
    EXPECT_EQ(m.count("undecoded") + m.count("truncated"), 0u) << compressed;
    EXPECT_EQ(m.at("serVer"), compressed ? "4" : "3");
    size_t entries = 0;
    uint64_t last_end = 0;
    for (const auto& f : fields) {
      if (f.name.rfind("entry[", 0) != 0) continue;
      // Each decoded hash is the library's own, in order.
      char expect[19];
      std::snprintf(expect, sizeof expect, "0x%016llx",
                    static_cast<unsigned long long>(*std::next(compact.begin(), static_cast<long>(entries))));
      EXPECT_EQ(f.value.substr(0, 18), expect) << f.name;
      ++entries;
      last_end = f.offset + f.size;
    }
    EXPECT_EQ(entries, compact.get_num_retained());
    EXPECT_EQ(last_end, bytes.size());
    EXPECT_NE(m.at("thetaLong").find("theta 0."), std::string::npos);
  }
}
#endif

}  // namespace
}  // namespace dsconform
