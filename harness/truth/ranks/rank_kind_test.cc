#include "harness/truth/ranks/rank_kind.h"

#include <cmath>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/truth/ranks/rank_entries.h"
#include "harness/truth/ranks/rank_samples.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

const TruthKind& Kind() { return RankTruthKind(); }

// Ten longs 0..9 and a query of ranks at points 4 and 9.
Case TenLongs() {
  ItemStream items;
  items.generator = ItemGenerator::kOrderedLongs;
  items.count = 10;
  CaseBuilder b("t", "kll.accuracy", "kll");
  b.Step("create", "a", {{"k", 8}, {"item", "long"}}).Update("a", items);
  b.Step("query", "a", {{"queries", {"rank_error", "ranks"}}, {"points", {"4", "9"}}, {"as", "q"}});
  AddRankTruth(b, {"q", 10, "k=8 long"});
  return b.Build();
}

TEST(RankTruthKind, EntriesTravelInTheCaseJsonUnderRankTruth) {
  const Case c = TenLongs();
  const auto j = CaseToJson(c);
  EXPECT_EQ(j["rank_truth"][0].dump(), R"({"of":"q","n":10,"series":"k=8 long"})");
  auto back = CaseFromJson(nlohmann::json::parse(j.dump()));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(CaseToJson(*back)["rank_truth"].dump(), j["rank_truth"].dump());  // parsed, in the order built
  EXPECT_EQ(RankTruthsOf(*back)->at(0).n, 10);

  EXPECT_EQ(Kind().case_member(), "rank_truth");
  EXPECT_TRUE(Kind().ValidateEntries(c.truth.at("rank_truth"), "/rank_truth").ok());
  nlohmann::ordered_json bad = c.truth.at("rank_truth");
  bad[0]["n"] = -1;
  EXPECT_EQ(Kind().ValidateEntries(bad, "/rank_truth").message(), "/rank_truth/0/n: must not be negative");
  bad[0].erase("n");
  EXPECT_THAT(std::string(Kind().ValidateEntries(bad, "/rank_truth").message()), HasSubstr("/rank_truth/0/n"));
}

TEST(RankTruthKind, ChecksByItsSettingAndSamplesUnderRankAccuracy) {
  const Case c = TenLongs();
  Observations obs;
  obs.Add("q.rank_error", Value::Double(0.1));
  obs.Add("q.ranks[0]", Value::Double(0.5));   // true: 0.5
  obs.Add("q.ranks[1]", Value::Double(0.75));  // true: 1.0, 2.5 epsilons off
  TruthCheck check = Kind().Check(c, c.truth.at("rank_truth"), obs, {});  // the default limit, 3
  EXPECT_TRUE(check.outliers.empty());
  EXPECT_EQ(check.checks, 1);
  check = Kind().Check(c, c.truth.at("rank_truth"), obs, {{kRankOutlierEpsilonsSetting, 2}});
  ASSERT_EQ(check.outliers.size(), 1u);
  EXPECT_EQ(check.outliers[0].field, "accuracy: q.rank_error");
  ASSERT_NE(check.samples, nullptr);
  ASSERT_EQ(check.samples->size(), 1u);

  EXPECT_EQ(Kind().record_member(), "rank_accuracy");
  const nlohmann::ordered_json written = check.samples->ToJson();
  auto read = Kind().SamplesFromJson(nlohmann::json::parse(written.dump()));
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ((*read)->ToJson().dump(), written.dump());
  const auto* typed = dynamic_cast<const RankSamples*>(read->get());
  ASSERT_NE(typed, nullptr);
  EXPECT_DOUBLE_EQ(typed->samples[0].rank_error, 0.25);
  EXPECT_TRUE(std::isnan(typed->samples[0].pmf_error));  // no pmf asked: null in the record, NaN again
}

TEST(RankTruthKind, ItsStudyIsAllDetailsUnderRank) {
  const Case c = TenLongs();
  Observations obs;
  obs.Add("q.rank_error", Value::Double(0.1));
  obs.Add("q.ranks[0]", Value::Double(0.5));
  Record r;
  r.suite = "kll.accuracy";
  r.candidate = r.reference = "java";
  r.truth_samples[Kind().record_member()] = Kind().Check(c, c.truth.at("rank_truth"), obs, {}).samples;
  const auto part = Kind().Study({r, r}, {});
  EXPECT_EQ(part->trials(), 2);
  EXPECT_EQ(part->trials_noun(), "rank trials");
  EXPECT_EQ(part->JsonSummary().dump(), "{}");
  EXPECT_EQ(part->JsonDetails()["rank"]["trials"], 2);
  EXPECT_EQ(part->MarkdownSummary() + part->HtmlSummary(), "");
  EXPECT_THAT(part->MarkdownDetails(), HasSubstr("# Rank accuracy"));
}

}  // namespace
}  // namespace dsconform
