#include "sketches/varopt/varopt_image_layout.h"

#include <cstdint>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"

#if defined(DSC_HAVE_CPP) && __has_include("var_opt_sketch.hpp")
#define DSC_TEST_VAROPT_IMAGES 1
#include "var_opt_sketch.hpp"
#include "var_opt_union.hpp"
#endif

namespace dsconform {
namespace {

TEST(VaroptImageLayout, DecodesAnEmptyImageAndReportsTruncation) {
  // preLongs 1 (resize factor X8: 0xc0), serVer 2, family 13, EMPTY; k 8.
  const std::string empty("\xc1\x02\x0d\x04\x08\x00\x00\x00", 8);
  auto e = FieldValuesByName(DecodeVaroptImage(empty));
  EXPECT_EQ(e["preLongs"], "1");
  EXPECT_EQ(e["resizeFactor"], "X8");
  EXPECT_EQ(e["familyId"], "13 (varopt sketch)");
  EXPECT_EQ(e["flags.EMPTY"], "1");
  EXPECT_EQ(e["k"], "8");
  EXPECT_EQ(e.count("n"), 0u);
  EXPECT_EQ(e.count("undecoded"), 0u);

  // Warm-up preamble (3 longs) announcing h = 2, but the image ends inside the second weight.
  std::string cut("\xc3\x02\x0d\x00\x08\x00\x00\x00", 8);
  cut += std::string("\x02\x00\x00\x00\x00\x00\x00\x00", 8) + std::string("\x02\x00\x00\x00\x00\x00\x00\x00", 8);
  cut += std::string("\x00\x00\x00\x00\x00\x00\xf0\x3f", 8) + std::string(3, '\0');
  auto t = FieldValuesByName(DecodeVaroptImage(cut));
  EXPECT_EQ(t["n"], "2");
  EXPECT_EQ(t["h"], "2");
  EXPECT_EQ(t["r"], "0");
  EXPECT_EQ(t["weight[0]"], "1.0");
  EXPECT_EQ(t["truncated"], "3 of 8 bytes");
}

#ifdef DSC_TEST_VAROPT_IMAGES
TEST(VaroptImageLayout, DecodesTheSamplingModeImagesTheLibraryWrites) {
  datasketches::var_opt_sketch<int64_t> s(4);
  s.update(1, 100.0);  // heavy: stays in H
  for (int64_t i = 2; i < 20; ++i) s.update(i, 1.0);
  const auto bytes = s.serialize();
  auto m = FieldValuesByName(DecodeVaroptImage(std::string(bytes.begin(), bytes.end())));
  EXPECT_EQ(m["preLongs"], "4");
  EXPECT_EQ(m["k"], "4");
  EXPECT_EQ(m["n"], "19");
  const int h = std::stoi(m["h"]), r = std::stoi(m["r"]);
  EXPECT_EQ(h + r, 4);
  EXPECT_GE(h, 1);
  EXPECT_EQ(m[absl::StrCat("weight[", h - 1, "]")].empty(), false);
  EXPECT_EQ(m.count(absl::StrCat("weight[", h, "]")), 0u);
  // The items: h + r longs of 8 bytes, the rest of the image.
  EXPECT_EQ(m["items"], absl::StrCat(h + r, " items, ", 8 * (h + r), " bytes"));
  EXPECT_EQ(m.count("undecoded"), 0u);
  EXPECT_EQ(m.count("truncated"), 0u);
}

TEST(VaroptImageLayout, DecodesAUnionImageAndItsGadget) {
  datasketches::var_opt_sketch<int64_t> s(10);
  for (int64_t i = 0; i < 5; ++i) s.update(i, 2.0);
  datasketches::var_opt_union<int64_t> u(20);
  u.update(s);
  const auto bytes = u.serialize();
  auto m = FieldValuesByName(DecodeVaroptImage(std::string(bytes.begin(), bytes.end())));
  EXPECT_EQ(m["familyId"], "14 (varopt union)");
  EXPECT_EQ(m["maxK"], "20");
  EXPECT_EQ(m["n"], "5");
  EXPECT_EQ(m["gadget.familyId"], "13 (varopt sketch)");
  EXPECT_EQ(m["gadget.flags.GADGET"], "1");
  EXPECT_EQ(m["gadget.h"], "5");
  EXPECT_EQ(m["gadget.weight[4]"], "2.0");
  EXPECT_EQ(m["gadget.marks"], "1 bytes");
  EXPECT_EQ(m.count("undecoded"), 0u);
}
#endif

}  // namespace
}  // namespace dsconform
