#include "harness/truth/distinct/distinct_kind.h"

#include <cmath>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/truth/distinct/distinct_entries.h"
#include "harness/truth/distinct/distinct_samples.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

const TruthKind& Kind() { return DistinctTruthKind(); }

Case WithTruth() {
  CaseBuilder b("t", "hll.accuracy", "hll");
  b.Step("create", "a", {{"lg_k", 12}, {"type", "HLL_4"}});
  AddDistinctTruth(b, {"a", 1000, "rse", "lgk=12"});
  AddDistinctTruth(b, {"b", 1000, "", ""});
  return b.Build();
}

TEST(DistinctTruthKind, EntriesTravelInTheCaseJsonUnderTruth) {
  const Case c = WithTruth();
  const auto j = CaseToJson(c);
  EXPECT_EQ(j["truth"][0].dump(), R"({"of":"a","distinct":1000,"rse":"rse","series":"lgk=12"})");
  EXPECT_FALSE(j["truth"][1].contains("rse"));
  auto back = CaseFromJson(nlohmann::json::parse(j.dump()));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(CaseToJson(*back)["truth"].dump(), j["truth"].dump());  // parsed, in the order built  // parsed, its members are in the order built
  auto truths = DistinctTruthsOf(*back);
  ASSERT_TRUE(truths.ok()) << truths.status();
  ASSERT_EQ(truths->size(), 2u);
  EXPECT_EQ((*truths)[0].distinct, 1000);
  EXPECT_EQ((*truths)[0].rse, "rse");

  EXPECT_EQ(Kind().case_member(), "truth");
  EXPECT_TRUE(Kind().ValidateEntries(c.truth.at("truth"), "/truth").ok());
  nlohmann::ordered_json bad = c.truth.at("truth");
  bad[0]["distinct"] = -1;
  EXPECT_EQ(Kind().ValidateEntries(bad, "/truth").message(), "/truth/0/distinct: must not be negative");
  bad[0]["distinct"] = 1;
  bad[1]["colour"] = "red";
  EXPECT_THAT(std::string(Kind().ValidateEntries(bad, "/truth").message()), HasSubstr("/truth/1/colour: unknown field"));
}

TEST(DistinctTruthKind, ChecksByItsSettingAndSamplesUnderAccuracy) {
  const Case c = WithTruth();
  Observations obs;
  obs.Add("rse", Value::Double(0.01));
  obs.Add("a.estimate", Value::Double(1070));  // 7 standard errors high
  obs.Add("b.estimate", Value::Double(990));
  TruthCheck check = Kind().Check(c, c.truth.at("truth"), obs, {});  // the default limit, 6
  ASSERT_EQ(check.outliers.size(), 1u);
  EXPECT_EQ(check.outliers[0].field, "accuracy: a.estimate");
  EXPECT_EQ(check.checks, 1);  // b states no error: sampled, not judged
  ASSERT_NE(check.samples, nullptr);
  EXPECT_EQ(check.samples->size(), 2u);
  EXPECT_TRUE(Kind().Check(c, c.truth.at("truth"), obs, {{kOutlierSigmasSetting, 7.5}}).outliers.empty());
  EXPECT_EQ(Kind().Check(c, c.truth.at("truth"), obs, {{"rank_outlier_epsilons", 7.5}}).outliers.size(), 1u);

  // Its samples go under "accuracy" and read back as written.
  EXPECT_EQ(Kind().record_member(), "accuracy");
  const nlohmann::ordered_json written = check.samples->ToJson();
  auto read = Kind().SamplesFromJson(nlohmann::json::parse(written.dump()));
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ((*read)->ToJson().dump(), written.dump());
  const auto* typed = dynamic_cast<const DistinctSamples*>(read->get());
  ASSERT_NE(typed, nullptr);
  EXPECT_TRUE(std::isnan(typed->samples[1].rse));  // none stated: null in the record, NaN again
  EXPECT_FALSE(Kind().SamplesFromJson(nlohmann::json::parse(R"([{"of": "a"}])")).ok());
}

TEST(DistinctTruthKind, UnreadableEntriesAreAnOutlierNotSilence) {
  Case c;
  c.id = "t";
  const TruthCheck check = Kind().Check(c, nlohmann::ordered_json::parse(R"([{"of": 1}])"), Observations(), {});
  ASSERT_EQ(check.outliers.size(), 1u);
  EXPECT_EQ(check.outliers[0].field, "accuracy: truth");
}

TEST(DistinctTruthKind, ItsStudyPoolsTheSamplesOfTheRecords) {
  const Case c = WithTruth();
  Observations obs;
  obs.Add("rse", Value::Double(0.01));
  obs.Add("a.estimate", Value::Double(1005));
  std::vector<Record> records(3);
  for (Record& r : records) {
    r.suite = "hll.accuracy";
    r.candidate = r.reference = "cpp";
    r.truth_samples[Kind().record_member()] = Kind().Check(c, c.truth.at("truth"), obs, {}).samples;
  }
  records.push_back(Record());  // no samples: not a trial
  const auto part = Kind().Study(records, {});
  EXPECT_EQ(part->trials(), 3);
  EXPECT_EQ(part->trials_noun(), "estimates");
  EXPECT_EQ(part->JsonSummary()["trials"], 3);
  EXPECT_THAT(part->MarkdownDetails(), HasSubstr("## hll.accuracy lgk=12 on cpp"));
  EXPECT_THAT(part->HtmlDetails(), HasSubstr("<svg"));
}

}  // namespace
}  // namespace dsconform
