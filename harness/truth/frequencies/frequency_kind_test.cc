#include "harness/truth/frequencies/frequency_kind.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/truth/frequencies/frequency_entries.h"
#include "harness/truth/frequencies/frequency_samples.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

const TruthKind& Kind() { return FrequencyTruthKind(); }

// Five longs twice each and a query of the stream weight.
Case FiveTwice() {
  CaseBuilder b("t", "fi.accuracy", "fi");
  b.Step("create", "a", {{"item", "long"}, {"lg_max_map_size", 3}}).Update("a", Sequence(0, 5), {{"weight", 2}});
  b.Step("query", "a", {{"queries", {"total_weight"}}, {"as", "q"}});
  AddFrequencyTruth(b, {"q", 10, "lg=3 long"});
  return b.Build();
}

TEST(FrequencyTruthKind, EntriesTravelInTheCaseJsonUnderFrequencyTruth) {
  const Case c = FiveTwice();
  const auto j = CaseToJson(c);
  EXPECT_EQ(j["frequency_truth"][0].dump(), R"({"of":"q","weight":10,"series":"lg=3 long"})");
  auto back = CaseFromJson(nlohmann::json::parse(j.dump()));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(CaseToJson(*back)["frequency_truth"].dump(), j["frequency_truth"].dump());

  EXPECT_EQ(Kind().case_member(), "frequency_truth");
  EXPECT_TRUE(Kind().ValidateEntries(c.truth.at("frequency_truth"), "/frequency_truth").ok());
  nlohmann::ordered_json bad = c.truth.at("frequency_truth");
  bad[0]["weight"] = -1;
  EXPECT_EQ(Kind().ValidateEntries(bad, "/frequency_truth").message(),
            "/frequency_truth/0/weight: must not be negative");
  bad[0].erase("weight");
  EXPECT_THAT(std::string(Kind().ValidateEntries(bad, "/frequency_truth").message()),
              HasSubstr("/frequency_truth/0/weight"));
  bad[0]["weight"] = 1;
  bad[0]["n"] = 1;
  EXPECT_THAT(std::string(Kind().ValidateEntries(bad, "/frequency_truth").message()), HasSubstr("n"));
}

TEST(FrequencyTruthKind, ChecksAndSamplesUnderFrequencyAccuracy) {
  const Case c = FiveTwice();
  Observations obs;
  obs.Add("q.total_weight", Value::Int(9));
  TruthCheck check = Kind().Check(c, c.truth.at("frequency_truth"), obs, {});
  ASSERT_EQ(check.outliers.size(), 1u);
  EXPECT_EQ(check.outliers[0].field, "accuracy: q.total_weight");
  EXPECT_EQ(check.checks, 1);
  ASSERT_NE(check.samples, nullptr);

  EXPECT_EQ(Kind().record_member(), "frequency_accuracy");
  const nlohmann::ordered_json written = check.samples->ToJson();
  auto read = Kind().SamplesFromJson(nlohmann::json::parse(written.dump()));
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ((*read)->ToJson().dump(), written.dump());
  EXPECT_EQ(dynamic_cast<const FrequencySamples*>(read->get())->samples[0].weight, 10);

  Record r;
  r.suite = "fi.accuracy";
  r.candidate = r.reference = "cpp";
  r.truth_samples[Kind().record_member()] = check.samples;
  const auto part = Kind().Study({r}, {});
  EXPECT_EQ(part->trials(), 1);
  EXPECT_EQ(part->trials_noun(), "frequency trials");
  EXPECT_EQ(part->JsonSummary().dump(), "{}");
  EXPECT_THAT(part->MarkdownDetails(), HasSubstr("# Frequency accuracy"));
}

}  // namespace
}  // namespace dsconform
