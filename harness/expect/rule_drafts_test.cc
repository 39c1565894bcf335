#include "harness/expect/rule_drafts.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

Record Compared(const std::string& case_id, const std::string& reference, const std::string& candidate,
                std::vector<FieldDiff> diffs) {
  Record r;
  r.case_id = case_id;
  r.family = "theta";
  r.suite = "theta.matrix";
  r.reference = reference;
  r.candidate = candidate;
  r.diffs = std::move(diffs);
  r.verdict = Verdict::kDiffers;
  return r;
}

FieldDiff Estimate(const std::string& field, uint64_t bits_a, uint64_t bits_b) {
  FieldDiff d;
  d.field = field;
  d.reference = Value::DoubleBits(bits_a);
  d.candidate = Value::DoubleBits(bits_b);
  return d;
}

FieldDiff Image(const std::string& field, const std::string& decoded) {
  FieldDiff d;
  d.field = field;
  d.reference = Value::Bytes("a");
  d.candidate = Value::Bytes("b");
  d.decoded.push_back({decoded, "0", "1", 6, 2});
  return d;
}

TEST(FieldGlob, KeepsTheKindOfField) {
  EXPECT_EQ(FieldGlob("u3_HLL_4.compact"), "*.compact");
  EXPECT_EQ(FieldGlob("r.quantiles[3]"), "*.quantiles[*]");
  EXPECT_EQ(FieldGlob("error@op2"), "error@op*");
  EXPECT_EQ(FieldGlob("equal: u1_HLL_4.compact vs u0_HLL_4.compact"), "equal: *.compact vs *.compact");
  EXPECT_EQ(FieldGlob("hll_image_consistent: u0_HLL_8.compact"), "hll_image_consistent: *");
  EXPECT_EQ(FieldGlob("rse"), "rse");
}

TEST(RuleDrafts, OneDraftPerShapeThatCoversWhatItWasDrawnFrom) {
  std::vector<Record> records = {
      Compared("theta/sketch/lgk=5/n=62", "java@9.1.0", "cpp@5.2.0",
               {Estimate("a.estimate", 0x4057245609b1c640, 0x4057245609b1c63f), Image("o.compact", "seedHash")}),
      Compared("theta/sketch/lgk=6/n=99", "cpp@5.2.0", "java@9.1.0",
               {Estimate("u.estimate", 0x4057245609b1c63f, 0x4057245609b1c641)}),
  };
  const auto drafts = DraftRules(KnownDifferences(), records);
  ASSERT_EQ(drafts.size(), 1u);
  const std::vector<std::string>& lines = drafts.at("theta");
  ASSERT_EQ(lines.size(), 2u) << "the estimates of both orientations are one shape";
  KnownDifferences known;
  for (const std::string& line : lines) {
    auto rule = ParseRule(nlohmann::json::parse(line));
    ASSERT_TRUE(rule.ok()) << rule.status() << "\n" << line;
    EXPECT_EQ(rule->finding, "TODO");
    known.rules.push_back(*rule);
  }
  EXPECT_NE(lines[0].find("\"max_ulps\":2"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("\"decoded\":\"seedHash\""), std::string::npos) << lines[1];
  for (Record r : records) {
    RejudgeRecord(known, r);
    EXPECT_EQ(r.verdict, Verdict::kKnown) << r.case_id;
  }
  // Nothing left to draft once the drafts are rules.
  EXPECT_TRUE(DraftRules(known, records).empty());
  // A wider difference of the same field is not what the draft saw.
  Record wider = Compared("theta/sketch/lgk=5/n=63", "java@9.1.0", "cpp@5.2.0",
                          {Estimate("a.estimate", 0x4057245609b1c640, 0x4057245609b1c600)});
  RejudgeRecord(known, wider);
  EXPECT_EQ(wider.verdict, Verdict::kDiffers);
}

TEST(RuleDrafts, AThrowIsOneDraftWithWhatItCutShort) {
  FieldDiff thrown;
  thrown.field = "error@op2";
  thrown.missing_in_reference = true;
  thrown.candidate = Value::Error("std::logic_error", "unexpected pseudo phase for sliding flavor");
  FieldDiff cut;
  cut.field = "a.estimate";
  cut.missing_in_candidate = true;
  cut.reference = Value::Double(1);
  std::vector<Record> records = {Compared("theta/x", "java@9.1.0", "cpp@5.2.0", {cut, thrown})};
  const auto drafts = DraftRules(KnownDifferences(), records);
  ASSERT_EQ(drafts.at("theta").size(), 1u);
  EXPECT_NE(drafts.at("theta")[0].find("\"value\":\"error\""), std::string::npos);
}

}  // namespace
}  // namespace dsconform
