#include "reports/run_summary.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "reports/sample_records.h"

namespace dsconform {
namespace {

using ::testing::ElementsAre;

TEST(RunSummaryTest, CountsEveryVerdict) {
  const RunSummary s = Summarize(SampleRecords());
  EXPECT_EQ(s.total.records, 9);
  EXPECT_EQ(s.total.equal, 2);
  EXPECT_EQ(s.total.differs, 3);
  EXPECT_EQ(s.total.known, 1);
  EXPECT_EQ(s.total.unexpectedly_equal, 1);
  EXPECT_EQ(s.total.unsupported, 1);
  EXPECT_EQ(s.total.error, 1);
  EXPECT_EQ(s.total.failing(), 5);
}

TEST(RunSummaryTest, CountsPerSuiteFamilyAndEnginePair) {
  const RunSummary s = Summarize(SampleRecords());
  ASSERT_EQ(s.by_suite.size(), 4u);
  EXPECT_EQ(s.by_suite.begin()->first, "hll.cross_heapify");  // sorted, not insertion order
  EXPECT_EQ(s.by_suite.at("hll.matrix").records, 3);
  EXPECT_EQ(s.by_suite.at("hll.matrix").error, 1);
  EXPECT_EQ(s.by_suite.at("hll.unions").known, 1);
  EXPECT_EQ(s.by_suite.at("hll.unions").unexpectedly_equal, 1);
  EXPECT_EQ(s.by_family.at("hll").records, 9);
  ASSERT_EQ(s.by_engine_pair.size(), 1u);
  EXPECT_EQ(s.by_engine_pair.at("java@9.0.0 -> cpp@5.2.0").differs, 3);
}

TEST(RunSummaryTest, FieldKindDropsTheSlotAndGroupsIndices) {
  EXPECT_EQ(FieldKind("a.compact"), "compact");
  EXPECT_EQ(FieldKind("u.result.updatable"), "result.updatable");
  EXPECT_EQ(FieldKind("error"), "error");
  EXPECT_EQ(FieldKind("a.frequent_nfn[12].estimate"), "frequent_nfn[*].estimate");
}

TEST(RunSummaryTest, TalliesFieldsByKindFullNameAndDecodedField) {
  const RunSummary s = Summarize(SampleRecords());
  // a.compact + b.compact; a.estimate + b.estimate; u.result.compact; a.toString.
  ASSERT_EQ(s.by_field.size(), 4u);
  EXPECT_EQ(s.by_field.at("compact").count, 2);
  EXPECT_EQ(s.by_field.at("estimate").count, 2);
  EXPECT_THAT(s.by_field.at("compact").examples,
              ElementsAre("hll/sketch/lgk=12/type=HLL_4/n=3072", "hll/cross_heapify/lgk=12/type=HLL_4/n=3072"));
  EXPECT_EQ(s.by_field.at("result.compact").known, 1);
  EXPECT_TRUE(s.by_field.at("result.compact").examples.empty());
  EXPECT_THAT(s.by_field.at("result.compact").known_examples, ElementsAre("hll/union/lgk=10/order=reversed/n=5000"));
  EXPECT_EQ(s.by_full_field.size(), 6u);
  EXPECT_EQ(s.by_full_field.at("a.compact").count, 1);
  // register[3] and register[4] are one kind; the example is listed once.
  EXPECT_EQ(s.by_decoded_field.at("register[*]").count, 2);
  EXPECT_THAT(s.by_decoded_field.at("register[*]").examples, ElementsAre("hll/sketch/lgk=12/type=HLL_4/n=3072"));
  EXPECT_EQ(s.by_decoded_field.at("hipAccum").count, 1);
  EXPECT_EQ(s.by_decoded_field.at("curMin").known, 1);
}

TEST(RunSummaryTest, AListsRowsAreTalliedAsOneField) {
  // Frequent items' lists: a row a field, thousands of them; tallied per list, not per row.
  std::vector<Record> records(2);
  for (int i = 0; i < 2; ++i) {
    records[i].index = i;
    records[i].case_id = i == 0 ? "fi/streams/n=1" : "fi/streams/n=2";
    records[i].verdict = Verdict::kDiffers;
  }
  const auto row = [](const char* field) {
    FieldDiff d;
    d.field = field;
    d.reference = Value::Int(1);
    d.candidate = Value::Int(2);
    return d;
  };
  for (const char* field : {"a.frequent_nfn[0].estimate", "a.frequent_nfn[17].estimate", "b.frequent_nfn[3].estimate"})
    records[0].diffs.push_back(row(field));
  records[1].diffs.push_back(row("a.frequent_nfn[1200].estimate"));
  const RunSummary s = Summarize(records);
  ASSERT_EQ(s.by_field.size(), 1u);
  EXPECT_EQ(s.by_field.at("frequent_nfn[*].estimate").count, 4);
  EXPECT_THAT(s.by_field.at("frequent_nfn[*].estimate").examples, ElementsAre("fi/streams/n=1", "fi/streams/n=2"));
  ASSERT_EQ(s.by_full_field.size(), 2u);
  EXPECT_EQ(s.by_full_field.at("a.frequent_nfn[*].estimate").count, 3);
  EXPECT_EQ(s.by_full_field.at("b.frequent_nfn[*].estimate").count, 1);
}

TEST(RunSummaryTest, ExamplesAreTheFirstThreeInRunOrder) {
  std::vector<Record> records;
  for (int i = 5; i >= 0; --i) {  // written out of order, as workers finish
    Record r;
    r.index = i;
    r.case_id = absl::StrCat("c", i);
    r.verdict = Verdict::kDiffers;
    FieldDiff d;
    d.field = "a.estimate";
    r.diffs.push_back(d);
    records.push_back(r);
  }
  const RunSummary s = Summarize(records);
  EXPECT_THAT(s.by_field.at("estimate").examples, ElementsAre("c0", "c1", "c2"));
  EXPECT_THAT(s.examples_by_verdict.at(Verdict::kDiffers), ElementsAre("c0", "c1", "c2"));
}

TEST(RunSummaryTest, GateFailsOnFailingVerdictsAndOnAnInterruptedRun) {
  RunInfo info = SampleRunInfo();
  Gate g = EvaluateGate(info, Summarize(SampleRecords()));
  EXPECT_FALSE(g.passed);
  EXPECT_EQ(g.text, "FAIL: 3 differs, 1 unexpectedly equal, 1 error");

  std::vector<Record> fine;
  for (const auto& r : SampleRecords())
    if (!VerdictFails(r.verdict)) fine.push_back(r);
  g = EvaluateGate(info, Summarize(fine));
  EXPECT_TRUE(g.passed);
  EXPECT_EQ(g.text, "PASS");

  info.status = "interrupted";
  g = EvaluateGate(info, Summarize(fine));
  EXPECT_FALSE(g.passed);
  EXPECT_EQ(g.text, "FAIL: run interrupted (4 records written for 9 cases)");
}

TEST(RunSummaryTest, SummaryJsonCarriesStatusTotalsAndCounts) {
  const RunInfo info = SampleRunInfo();
  const auto j = SummaryToJson(info, Summarize(SampleRecords()));
  EXPECT_EQ(j["status"], "complete");
  EXPECT_EQ(j["total_cases"], 9);
  EXPECT_EQ(j["records_written"], 9);
  EXPECT_EQ(j["gate"]["passed"], false);
  EXPECT_EQ(j["counts"]["differs"], 3);
  EXPECT_EQ(j["counts"]["failing"], 5);
  EXPECT_EQ(j["by_suite"]["hll.unions"]["records"], 3);
  EXPECT_EQ(j["by_decoded_field"]["register[*]"]["count"], 2);
  EXPECT_EQ(j["examples_by_verdict"]["error"][0], "hll/sketch/lgk=3/type=HLL_8/n=1");
}

TEST(RunSummaryTest, SummaryJsonIsTheSameWhateverTheRecordOrder) {
  auto records = SampleRecords();
  const std::string a = SummaryToJson(SampleRunInfo(), Summarize(records)).dump();
  std::reverse(records.begin(), records.end());
  EXPECT_EQ(SummaryToJson(SampleRunInfo(), Summarize(records)).dump(), a);
}

TEST(RunSummaryTest, WriteSummaryJsonWritesTheFileAndNamesAPathItCannotWrite) {
  const std::string dir = ::testing::TempDir() + "/summary_json";
  std::filesystem::create_directories(dir);
  ASSERT_TRUE(WriteSummaryJson(dir + "/summary.json", SampleRunInfo(), Summarize(SampleRecords())).ok());
  std::stringstream text;
  text << std::ifstream(dir + "/summary.json").rdbuf();
  const auto j = nlohmann::json::parse(text.str());
  EXPECT_EQ(j["records_written"], 9);
  EXPECT_FALSE(std::filesystem::exists(dir + "/summary.json.tmp"));

  const absl::Status st = WriteSummaryJson(dir + "/missing/summary.json", SampleRunInfo(), RunSummary());
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find(dir + "/missing/summary.json"), std::string::npos) << st;
}

}  // namespace
}  // namespace dsconform
