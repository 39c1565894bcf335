// cpc_image_consistent holds on well-formed images and names what is wrong in damaged ones.
#include "sketches/cpc/cpc_image_checks.h"

#include <cstring>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

std::string Image(uint8_t pre_ints, uint8_t lg_k, uint8_t flags, uint32_t coupons, uint32_t table_words) {
  std::string img({static_cast<char>(pre_ints), 1, 16, static_cast<char>(lg_k), 0, static_cast<char>(flags),
                   static_cast<char>(0xcc), static_cast<char>(0x93)});
  if (coupons == 0) return img;
  auto u32 = [&img](uint32_t v) {
    for (int i = 0; i < 4; ++i) img.push_back(static_cast<char>(v >> (8 * i)));
  };
  u32(coupons);
  u32(table_words);
  for (double d : {16.0, 3.0}) {
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    for (int i = 0; i < 8; ++i) img.push_back(static_cast<char>(bits >> (8 * i)));
  }
  for (uint32_t i = 0; i < table_words; ++i) u32(i);
  return img;
}

std::vector<std::string> Check(const std::string& img) {
  const Value v = Value::Bytes(img);
  return CheckCpcInvariant({"cpc_image_consistent", {"a.compact"}}, {&v});
}

TEST(CpcImageConsistent, HoldsOnEmptyAndSparseImages) {
  EXPECT_TRUE(Check(Image(2, 4, 0x06, 0, 0)).empty());
  EXPECT_TRUE(Check(Image(8, 4, 0x0e, 1, 1)).empty());
}

TEST(CpcImageConsistent, NamesAWrongPreambleAndAFlavorWithoutItsWindow) {
  auto v = Check(Image(7, 4, 0x0e, 1, 1));
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].find("preInts 7"), std::string::npos) << v[0];
  v = Check(Image(8, 4, 0x0e, 9, 1));  // 9 coupons at K = 16 is PINNED
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].find("PINNED with 9 coupons but no window"), std::string::npos) << v[0];
  v = Check(Image(8, 4, 0x0e, 1, 1).substr(0, 20));
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].find("does not decode"), std::string::npos) << v[0];
}

}  // namespace
}  // namespace dsconform
