#include "harness/case/case_program.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

const char* kCase = R"({
  "id": "hll/sketch/lgk=12/type=HLL_4/n=3",
  "suite": "hll.matrix",
  "family": "hll",
  "ops": [
    {"op": "create", "sketch": "a", "lg_k": 12, "type": "HLL_4"},
    {"op": "update", "sketch": "a", "items": {"gen": "sequence", "start": 0, "count": 3}},
    {"op": "query", "sketch": "a", "queries": ["estimate", "lb1"]}
  ],
  "cross": {"images": ["a.compact"], "ops": [{"op": "deserialize", "sketch": "b", "image": "a.compact", "mode": "heapify"}]}
})";

TEST(CaseProgram, ParsesAndPrintsTheSameJson) {
  auto c = CaseFromJson(nlohmann::json::parse(kCase));
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->ops.size(), 3u);
  EXPECT_EQ(c->ops[0].Int("lg_k"), 12);
  EXPECT_EQ(c->ops[0].Str("type"), "HLL_4");
  ASSERT_TRUE(c->ops[1].items.has_value());
  EXPECT_EQ(c->ops[1].items->count, 3);
  EXPECT_EQ(c->ops[2].StrList("queries").size(), 2u);
  ASSERT_TRUE(c->cross.has_value());
  EXPECT_EQ(c->cross->ops[0].Str("image"), "a.compact");
  EXPECT_EQ(CaseToJson(*c), nlohmann::ordered_json::parse(kCase));
}

TEST(CaseProgram, ErrorsNameTheCaseAndJsonPath) {
  auto j = nlohmann::json::parse(kCase);
  j["ops"][1]["items"]["count"] = "many";
  auto c = CaseFromJson(j);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().message(),
            "case hll/sketch/lgk=12/type=HLL_4/n=3: /ops/1/items/count: expected an integer, got string");
}

TEST(CaseProgram, RejectsUnknownTopLevelMembers) {
  auto j = nlohmann::json::parse(kCase);
  j["opz"] = 1;
  EXPECT_FALSE(CaseFromJson(j).ok());
}

// Members beyond a case's own that are arrays are truth entries: kept whole for the family's kinds
// (ValidateCase), and printed with `of` first and `series` last, as they are built.
TEST(CaseProgram, KeepsTruthEntriesOfAnyKindAndPrintsThemInOneOrder) {
  auto j = nlohmann::json::parse(kCase);
  j["weight_truth"] = nlohmann::json::parse(R"([{"series": "s", "weight": 2, "of": "a", "items": [1, 2]}])");
  j["truth"] = nlohmann::json::parse(R"([{"distinct": 3, "of": "b"}])");
  auto c = CaseFromJson(j);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->truth.size(), 2u);
  EXPECT_EQ(c->truth.at("weight_truth")[0]["weight"], 2);
  const auto printed = CaseToJson(*c);
  EXPECT_EQ(printed["weight_truth"].dump(), R"([{"of":"a","items":[1,2],"weight":2,"series":"s"}])");
  EXPECT_EQ(printed["truth"].dump(), R"([{"of":"b","distinct":3}])");
  auto again = CaseFromJson(nlohmann::json::parse(printed.dump()));
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(CaseToJson(*again).dump(), printed.dump());
}

}  // namespace
}  // namespace dsconform
