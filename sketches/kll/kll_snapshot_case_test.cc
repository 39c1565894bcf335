// A TCK snapshot of KLL becomes a valid case that reads it as the item type
// its name says and queries it over the image's own range.
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/family/image_layout_testing.h"
#include "harness/family/case_validation.h"
#include "sketches/kll/kll_family.h"
#include "sketches/kll/kll_suites.h"

namespace dsconform {
namespace {

const FamilyCatalog& OwnFamily() {
  static const auto* catalog = new FamilyCatalog({&families::kll()});
  return *catalog;
}

uint64_t Bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

// A full image (preInts 5) of one level whose min and max are `min` and `max` (8-byte items).
std::string FullImage(uint64_t min, uint64_t max) {
  std::string img("\x05\x01\x0f\x00\x08\x00\x08\x00", 8);
  AppendLittleEndian(img, 100, 8);                 // n
  AppendLittleEndian(img, 8, 2);                   // min k
  img += std::string("\x01\x00", 2);  // one level
  AppendLittleEndian(img, 0, 4);                   // level[0]
  AppendLittleEndian(img, min, 8);
  AppendLittleEndian(img, max, 8);
  for (int i = 0; i < 8; ++i) AppendLittleEndian(img, min, 8);
  return img;
}

const Op* StepOf(const Case& c, const std::string& step, const std::string& slot) {
  for (const Op& op : c.ops)
    if (op.op == step && op.sketch == slot) return &op;
  return nullptr;
}

TEST(KllSnapshotCase, ReadsTheItemTypeTheFileNameSays) {
  const std::string image = FullImage(5, 700);
  for (const char* item : {"double", "float", "long", "string"}) {
    const Case c = families::kll().SnapshotCase(absl::StrCat("tck/cpp/kll_", item, "_n100_cpp"), image);
    ASSERT_TRUE(ValidateCase(c, OwnFamily()).ok()) << ValidateCase(c, OwnFamily());
    for (const char* mode : {"heapify", "wrap"}) {
      const Op* read = StepOf(c, "deserialize", mode);
      ASSERT_NE(read, nullptr) << mode;
      EXPECT_EQ(read->Str("item"), item);
      EXPECT_EQ(read->Str("mode"), mode);
    }
  }
  // The historical names of datasketches-java's resources, and a name without an item type.
  EXPECT_EQ(StepOf(families::kll().SnapshotCase("tck/java/kll_sketch_float_one_item_v1", image), "deserialize",
                   "heapify")->Str("item"),
            "float");
  EXPECT_EQ(StepOf(families::kll().SnapshotCase("tck/java/kll_n100_java", image), "deserialize", "heapify")->Str("item"),
            "double");
  EXPECT_EQ(families::kll().SnapshotPrefixes(), std::vector<std::string>{"kll"});
}

TEST(KllSnapshotCase, RewritesTheImageBeforeAnyQueryAndChecksItAgainstTheFile) {
  const Case c = families::kll().SnapshotCase("tck/java/kll_long_n100_java", FullImage(5, 700));
  ASSERT_EQ(c.invariants.size(), 1u);
  EXPECT_EQ(c.invariants[0].check, "matches_input");
  EXPECT_EQ(c.invariants[0].fields, (std::vector<std::string>{"heapify.compact", "image"}));
  // datasketches-cpp sorts level 0 on a query: the image is written before.
  for (const char* mode : {"heapify", "wrap"}) {
    size_t serialize = c.ops.size(), query = c.ops.size();
    for (size_t i = 0; i < c.ops.size(); ++i) {
      if (c.ops[i].sketch != mode) continue;
      if (c.ops[i].op == "serialize") serialize = i;
      if (c.ops[i].op == "query") query = i;
    }
    EXPECT_LT(serialize, query) << mode;
  }
}

TEST(KllSnapshotCase, GridPointsSpanTheImagesRangeInOrder) {
  // Longs 5..700: points from below the min to past the max, increasing.
  const Case long_case = families::kll().SnapshotCase("tck/java/kll_long_n100_java", FullImage(5, 700));
  const Op* longs = StepOf(long_case, "query", "heapify");
  ASSERT_NE(longs, nullptr);
  const std::vector<std::string> points = longs->StrList("points");
  ASSERT_GE(points.size(), 3u);
  EXPECT_LT(std::stoll(points.front()), 5);
  EXPECT_GT(std::stoll(points.back()), 700);
  for (size_t i = 1; i < points.size(); ++i) EXPECT_LT(std::stoll(points[i - 1]), std::stoll(points[i]));
  // Doubles 0.25..1e6: the same, as decimals every language reads alike.
  const Case double_case = families::kll().SnapshotCase("tck/cpp/kll_double_n100_cpp", FullImage(Bits(0.25), Bits(1e6)));
  const Op* doubles = StepOf(double_case, "query", "heapify");
  ASSERT_NE(doubles, nullptr);
  const std::vector<std::string> d = doubles->StrList("points");
  ASSERT_GE(d.size(), 3u);
  EXPECT_LT(std::stod(d.front()), 0.25);
  EXPECT_GT(std::stod(d.back()), 1e6);
  for (size_t i = 1; i < d.size(); ++i) EXPECT_LT(std::stod(d[i - 1]), std::stod(d[i]));
  bool asks_points = false;
  for (const std::string& q : doubles->StrList("queries")) asks_points |= q == "pmf" || q == "cdf_excl" || q == "ranks";
  EXPECT_TRUE(asks_points);
}

TEST(KllSnapshotCase, AnEmptyImageIsAskedOnlyWhatAnEmptySketchAnswers) {
  const std::string empty("\x02\x01\x0f\x01\xc8\x00\x08\x00", 8);
  const Case c = families::kll().SnapshotCase("tck/java/kll_double_n0_java", empty);
  ASSERT_TRUE(ValidateCase(c, OwnFamily()).ok()) << ValidateCase(c, OwnFamily());
  const Op* q = StepOf(c, "query", "heapify");
  ASSERT_NE(q, nullptr);
  for (const std::string& name : q->StrList("queries")) {
    const QuerySpec* spec = families::kll().vocabulary().FindQuery(name);
    ASSERT_NE(spec, nullptr) << name;
    EXPECT_TRUE(spec->grid.empty()) << name << ": throws on an empty sketch";
    EXPECT_NE(name, "min");
    EXPECT_NE(name, "max");
    EXPECT_FALSE(spec->native_only) << name;
  }
  EXPECT_TRUE(q->StrList("points").empty());
  EXPECT_TRUE(q->StrList("ranks").empty());
}

TEST(KllSnapshotCase, StringsThatCannotCrossAnEngineProtocolGiveNoPoints) {
  // datasketches-java's recipe pads its strings with spaces ("   1"): not a protocol token.
  std::string img("\x05\x01\x0f\x00\x08\x00\x08\x00", 8);
  AppendLittleEndian(img, 100, 8);
  AppendLittleEndian(img, 8, 2);
  img += std::string("\x01\x00", 2);
  AppendLittleEndian(img, 0, 4);
  for (const char* item : {"  1", "100"}) {
    AppendLittleEndian(img, 3, 4);
    img += item;
  }
  const Case c = families::kll().SnapshotCase("tck/java/kll_string_n100_java", img);
  ASSERT_TRUE(ValidateCase(c, OwnFamily()).ok()) << ValidateCase(c, OwnFamily());
  const Op* q = StepOf(c, "query", "heapify");
  EXPECT_TRUE(q->StrList("points").empty());
  EXPECT_FALSE(q->StrList("ranks").empty());  // quantiles need no points
}

}  // namespace
}  // namespace dsconform
