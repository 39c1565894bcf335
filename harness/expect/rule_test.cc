#include "harness/expect/rule.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

absl::StatusOr<Rule> Parse(const std::string& text) { return ParseRule(nlohmann::json::parse(text)); }

std::string Error(const std::string& text) {
  auto r = Parse(text);
  EXPECT_FALSE(r.ok()) << text;
  return r.ok() ? "" : std::string(r.status().message());
}

constexpr const char* kTwoParts = R"({"finding": "F2", "doc": "docs/findings.md#f2", "family": "hll",
  "engines": ["java*", "cpp|python"], "stage": ["first", "cross"],
  "parts": [
    {"part": "sign of the upper bound", "fields": "upper.sd?", "negated": true, "max_relative": 1e-5},
    {"part": "magnitude above lgK 12", "where": "lgk >= 13", "fields": ["*.lb?", "*.ub?"], "max_relative": 1e-5,
     "stage": "self"}],
  "reason": "get_rel_err differs", "link": "https://example.invalid/1"})";

TEST(Rule, PartsTakeTheRulesMembersAsDefaults) {
  auto r = Parse(kTwoParts);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->parts.size(), 2u);
  EXPECT_EQ(r->parts[0].name, "sign of the upper bound");
  EXPECT_EQ(r->parts[0].scope.engines.size(), 2u);
  EXPECT_EQ(r->parts[1].scope.engines.size(), 2u);
  EXPECT_EQ(r->parts[0].scope.stages.size(), 2u);
  ASSERT_EQ(r->parts[1].scope.stages.size(), 1u);  // the part's own stage wins
  EXPECT_EQ(r->parts[1].scope.stages[0], Stage::kSelf);
  EXPECT_TRUE(r->parts[0].shape.negated);
  EXPECT_FALSE(r->parts[1].shape.negated);
  EXPECT_EQ(r->parts[1].shape.fields.size(), 2u);
  EXPECT_EQ(r->parts[1].scope.where.size(), 1u);
  EXPECT_EQ(r->Explanation(), "F2: get_rel_err differs (docs/findings.md#f2)");
}

TEST(Rule, WritesBackWhatItRead) {
  auto r = Parse(kTwoParts);
  ASSERT_TRUE(r.ok()) << r.status();
  auto again = ParseRule(nlohmann::json::parse(RuleToJson(*r).dump()));
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(RuleToJson(*again).dump(), RuleToJson(*r).dump());
  EXPECT_EQ(again->parts[1].name, "magnitude above lgK 12");
  EXPECT_EQ(again->link, "https://example.invalid/1");
}

TEST(Rule, ErrorsNameTheMember) {
  const std::string base = R"("finding": "X", "doc": "d", "family": "hll", "reason": "r")";
  EXPECT_NE(Error(R"({"doc": "d", "family": "hll", "reason": "r"})").find("finding: missing"), std::string::npos);
  EXPECT_NE(Error("{" + base + R"(, "feilds": "*"})").find("feilds: unknown field"), std::string::npos);
  EXPECT_NE(Error("{" + base + R"(, "engines": ["a", "b", "c"]})").find("engines: one selector"), std::string::npos);
  EXPECT_NE(Error("{" + base + R"(, "parts": [{"part": "p", "where": "lgk >> 13"}]})").find("parts/0/where: \"lgk >> 13\""),
            std::string::npos);
  EXPECT_NE(Error("{" + base + R"(, "parts": [{"part": "p"}, {"fields": "x"}]})").find("parts/1/part: missing"),
            std::string::npos);
  EXPECT_NE(Error("{" + base + R"(, "stage": "second"})").find("stage: \"second\" is none of first, cross, self"),
            std::string::npos);
  EXPECT_NE(Error("{" + base + R"(, "value": "weird"})").find("value: \"weird\""), std::string::npos);
  EXPECT_NE(Error("{" + base + R"(, "max_ulps": -1})").find("max_ulps: must be 0 or more"), std::string::npos);
  EXPECT_NE(Error(R"({"finding": "X", "doc": "d", "family": "hll", "reason": ""})").find("reason: must not be empty"),
            std::string::npos);
}

}  // namespace
}  // namespace dsconform
