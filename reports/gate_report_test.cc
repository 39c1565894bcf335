#include "reports/gate_report.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace dsconform {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

RunInfo Info() {
  RunInfo info;
  info.reference = "cpp@base";
  info.engines = {"cpp@base", "cpp@head", "java@9.1.0"};
  info.suites = {"hll.*"};
  info.engine_specs = {{"cpp@base", "cpp@base=/b/dsconform-engine"}, {"cpp@head", "cpp@head=/h/dsconform-engine"}};
  return info;
}

GateResult OneNewDifference() {
  GateAnalyzer a("cpp@base", "cpp@head");
  Record head;
  head.case_id = "hll/sketch/lgk=12/n=3";
  head.family = "hll";
  head.reference = "cpp@base";
  head.candidate = "cpp@head";
  head.verdict = Verdict::kDiffers;
  FieldDiff d;
  d.field = "a.compact";
  d.reference = Value::Bytes("\x01\x02");
  d.candidate = Value::Bytes("\x01\x03");
  d.decoded.push_back({"flags", "2", "3", 1, 1});
  head.diffs.push_back(d);
  Record java = head;
  java.candidate = "java@9.1.0";
  java.verdict = Verdict::kEqual;
  java.diffs.clear();
  a.AddCase({head, java});
  return a.result();
}

TEST(GateReportTest, SaysHeadChangesNothingWhenItDoesNot) {
  GateAnalyzer a("cpp@base", "cpp@head");
  const std::string md = RenderGateMarkdown(Info(), {"cpp@base", "cpp@head"}, a.result());
  EXPECT_THAT(md, HasSubstr("## dsconform gate: head changes nothing"));
  EXPECT_THAT(md, HasSubstr("**Compared with** `java@9.1.0`"));
  EXPECT_THAT(md, Not(HasSubstr("### ")));
}

TEST(GateReportTest, ListsEachKindWithBothValuesDecodedFieldsAndARepro) {
  const std::string md = RenderGateMarkdown(Info(), {"cpp@base", "cpp@head"}, OneNewDifference());
  EXPECT_THAT(md, HasSubstr("## dsconform gate: head changes 1 image or answer of base's"));
  EXPECT_THAT(md, HasSubstr("| Head differs from base | 1 | hll 1 |"));
  EXPECT_THAT(md, HasSubstr("| New differences from another implementation | 1 | hll 1 |"));
  EXPECT_THAT(md, HasSubstr("| `a.compact` | own | 1 | `hll/sketch/lgk=12/n=3` | `2 bytes 0102` | `2 bytes 0103` | "
                            "`flags: 2 vs 3` |"));
  EXPECT_THAT(md, HasSubstr("| `a.compact` | own | `java@9.1.0` | 1 | `hll/sketch/lgk=12/n=3` | `2 bytes 0102` | "
                            "`2 bytes 0103` | `2 bytes 0102` |"));
  // The first change reruns on base and head by their specs, the new difference on Java and head.
  EXPECT_THAT(md, HasSubstr("dsconform repro --engines cpp@base=/b/dsconform-engine,cpp@head=/h/dsconform-engine 'hll/sketch/lgk=12/n=3'"));
  EXPECT_THAT(md, HasSubstr("dsconform repro --engines java@9.1.0,cpp@head=/h/dsconform-engine 'hll/"));
}

TEST(GateReportTest, JsonCarriesTheVerdictTalliesAndChanges) {
  const nlohmann::ordered_json j = GateToJson(Info(), {"cpp@base", "cpp@head"}, OneNewDifference());
  EXPECT_TRUE(j["head_changes"].get<bool>());
  EXPECT_EQ(j["tallies"]["head_differs"]["fields"], 1);
  EXPECT_EQ(j["tallies"]["gone_difference"]["fields"], 0);
  ASSERT_EQ(j["tallies"]["new_difference"]["by_field"].size(), 1u);
  EXPECT_EQ(j["tallies"]["new_difference"]["by_field"][0]["field"], "a.compact");
  EXPECT_EQ(j["tallies"]["new_difference"]["by_field"][0]["other"], "java@9.1.0");
  EXPECT_EQ(j["tallies"]["new_difference"]["by_field"][0]["first_case"], "hll/sketch/lgk=12/n=3");
  ASSERT_EQ(j["changes"].size(), 2u);
  EXPECT_EQ(j["changes"][0]["kind"], "head_differs");
  EXPECT_EQ(j["changes"][0]["decoded"][0], "flags: 2 vs 3");
  EXPECT_EQ(j["changes"][1]["kind"], "new_difference");
  EXPECT_EQ(j["changes"][1]["other"], "java@9.1.0");
}

}  // namespace
}  // namespace dsconform
