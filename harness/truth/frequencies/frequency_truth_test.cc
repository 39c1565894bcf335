#include "harness/truth/frequencies/frequency_truth.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

ItemStream Strings(int64_t start, int64_t count) { return {ItemGenerator::kOrderedStrings, start, 0, count}; }

TEST(ExactFrequencies, AddsEachItemWithItsStepsWeight) {
  CaseBuilder b("t", "fi.accuracy", "fi");
  b.Step("create", "a", {{"item", "long"}, {"lg_max_map_size", 3}})
      .Update("a", Sequence(0, 4))                      // 0..3 once
      .Update("a", Sequence(2, 4), {{"weight", 5}});  // 2..5 five times
  auto f = ExactFrequencies::OfSlot(b.ops(), "a");
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->total_weight(), 4 + 20);
  EXPECT_EQ(f->WeightOf("0"), 1);
  EXPECT_EQ(f->WeightOf("3"), 6);
  EXPECT_EQ(f->WeightOf("5"), 5);
  EXPECT_EQ(f->WeightOf("6"), 0);
  EXPECT_EQ(f->distinct(), 6u);
  using Weighed = std::vector<std::pair<std::string, int64_t>>;
  EXPECT_EQ(f->HeavierThan(4), (Weighed{{"2", 6}, {"3", 6}, {"4", 5}, {"5", 5}}));
  EXPECT_EQ(f->HeavierThan(6), Weighed{});
  EXPECT_EQ(ExactFrequencies::KeyOfLong(-7), "-7");
}

TEST(ExactFrequencies, NamesALongByItsDecimalTextOnly) {
  CaseBuilder b("t", "fi.accuracy", "fi");
  b.Step("create", "a", {{"item", "long"}, {"lg_max_map_size", 3}}).Update("a", Sequence(-2, 4));  // -2..1
  auto f = ExactFrequencies::OfSlot(b.ops(), "a");
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->WeightOf("-2"), 1);
  EXPECT_EQ(f->WeightOf("1"), 1);
  for (const char* other : {"01", "+1", " 1", "1 ", "-0", "1.0", ""}) EXPECT_EQ(f->WeightOf(other), 0) << other;
  // In the order of their text, as the first broken promise is named.
  using Weighed = std::vector<std::pair<std::string, int64_t>>;
  EXPECT_EQ(f->HeavierThan(0), (Weighed{{"-1", 1}, {"-2", 1}, {"0", 1}, {"1", 1}}));
}

TEST(ExactFrequencies, FollowsMergesAndCopiesOfStringSlots) {
  CaseBuilder b("t", "fi.accuracy", "fi");
  b.Step("create", "a", {{"item", "string"}, {"lg_max_map_size", 3}}).Update("a", Strings(0, 3));
  b.Step("create", "b", {{"item", "string"}, {"lg_max_map_size", 4}}).Update("b", Strings(1, 3), {{"weight", 2}});
  b.Step("merge", "a", {{"from", "b"}});
  b.Step("copy", "c", {{"from", "a"}});
  b.Step("serialize", "c", {{"form", "compact"}});
  for (const char* slot : {"a", "c"}) {
    auto f = ExactFrequencies::OfSlot(b.ops(), slot);
    ASSERT_TRUE(f.ok()) << f.status();
    EXPECT_EQ(f->total_weight(), 3 + 6);
    EXPECT_EQ(f->WeightOf("0000000000"), 1);
    EXPECT_EQ(f->WeightOf("0000000002"), 3);
    EXPECT_EQ(f->WeightOf("0000000003"), 2);
  }
  EXPECT_EQ(ExactFrequencies::OfSlot(b.ops(), "b")->total_weight(), 6);  // merging from b leaves b as it was
}

TEST(ExactFrequencies, HasNoTruthForASlotReadFromAnImage) {
  CaseBuilder b("t", "fi.accuracy", "fi");
  b.Step("deserialize", "d", {{"image", "x"}, {"item", "long"}}).Update("d", Sequence(0, 3));
  b.Step("create", "a", {{"item", "long"}, {"lg_max_map_size", 3}}).Step("merge", "a", {{"from", "d"}});
  auto d = ExactFrequencies::OfSlot(b.ops(), "d");
  EXPECT_THAT(std::string(d.status().message()), HasSubstr("step 'deserialize' made it"));
  auto a = ExactFrequencies::OfSlot(b.ops(), "a");  // what a holds after taking d's items is unknown too
  EXPECT_THAT(std::string(a.status().message()), HasSubstr("step 'deserialize' made it"));
  EXPECT_THAT(std::string(ExactFrequencies::OfSlot(b.ops(), "z").status().message()), HasSubstr("no step made it"));
}

}  // namespace
}  // namespace dsconform
