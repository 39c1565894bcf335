#include "harness/truth/ranks/rank_check.h"

#include <cmath>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

// 100 longs 0..99, shuffled, then a query at points 9, 49 and ranks 0.5, 1.
Case HundredLongs() {
  ItemStream items;
  items.generator = ItemGenerator::kOrderedLongs;
  items.count = 100;
  items.order = ItemOrder::kShuffled;
  items.seed = 3;
  CaseBuilder b("t", "kll.accuracy", "kll");
  b.Step("create", "a", {{"k", 8}, {"item", "long"}}).Update("a", items);
  b.Step("query", "a",
         {{"queries", {"n", "rank_error", "rank_error_pmf", "ranks", "ranks_excl", "quantiles", "quantiles_excl", "pmf"}},
          {"points", {"9", "49"}},
          {"ranks", {"0.5", "1"}},
          {"as", "q"}});
  AddRankTruth(b, {"q", 100, "k=8 long"});
  return b.Build();
}

// CheckRanks of the case's own rank truth.
RankCheckResult Check(const Case& c, const Observations& obs, double max_epsilons) {
  return CheckRanks(c, RankTruthsOf(c).value(), obs, max_epsilons);
}

// The answers of an exact sketch, with the stated epsilons.
Observations Exact() {
  Observations obs;
  obs.Add("q.n", Value::Int(100));
  obs.Add("q.rank_error", Value::Double(0.1));
  obs.Add("q.rank_error_pmf", Value::Double(0.12));
  obs.Add("q.ranks[0]", Value::Double(0.10));  // 0..9 at or below 9
  obs.Add("q.ranks[1]", Value::Double(0.50));
  obs.Add("q.ranks_excl[0]", Value::Double(0.09));
  obs.Add("q.ranks_excl[1]", Value::Double(0.49));
  obs.Add("q.quantiles[0]", Value::Int(49));  // the smallest item of inclusive rank >= 0.5
  obs.Add("q.quantiles[1]", Value::Int(99));
  obs.Add("q.quantiles_excl[0]", Value::Int(50));  // the smallest item of exclusive rank >= 0.5... either is exact
  obs.Add("q.quantiles_excl[1]", Value::Int(99));
  obs.Add("q.pmf[0]", Value::Double(0.10));
  obs.Add("q.pmf[1]", Value::Double(0.40));
  obs.Add("q.pmf[2]", Value::Double(0.50));
  return obs;
}

// Observations::Add appends, and Find returns the first: a changed answer replaces the exact one.
void Replace(Observations& obs, const std::string& name, Value v) {
  for (auto& f : obs.fields)
    if (f.name == name) f.value = std::move(v);
}

TEST(CheckRanks, ExactAnswersHaveNoError) {
  const RankCheckResult r = Check(HundredLongs(), Exact(), 3);
  ASSERT_EQ(r.samples.size(), 1u);
  EXPECT_EQ(r.samples[0].n, 100);
  EXPECT_EQ(r.samples[0].series, "k=8 long");
  EXPECT_EQ(r.samples[0].epsilon, 0.1);
  EXPECT_EQ(r.samples[0].epsilon_pmf, 0.12);
  EXPECT_EQ(r.samples[0].rank_error, 0);
  EXPECT_NEAR(r.samples[0].pmf_error, 0, 1e-15);
  EXPECT_EQ(r.checks, 2);
  EXPECT_TRUE(r.outliers.empty()) << r.outliers[0].candidate.bytes;
}

TEST(CheckRanks, ErrorsAreMeasuredInRanksAndFarOnesAreOutliers) {
  Observations obs = Exact();
  Replace(obs, "q.quantiles_excl[0]", Value::Int(69));  // true ranks [0.69, 0.70] for 0.5: 0.19 off
  Replace(obs, "q.ranks[1]", Value::Double(0.55));
  Replace(obs, "q.pmf[2]", Value::Double(0.90));
  RankCheckResult r = Check(HundredLongs(), obs, 3.5);
  ASSERT_EQ(r.samples.size(), 1u);
  EXPECT_NEAR(r.samples[0].rank_error, 0.19, 1e-12);
  EXPECT_NEAR(r.samples[0].pmf_error, 0.40, 1e-12);
  EXPECT_TRUE(r.outliers.empty());  // 1.9 and 3.3 epsilons are within 3.5
  r = Check(HundredLongs(), obs, 1.5);
  ASSERT_EQ(r.outliers.size(), 2u);
  EXPECT_EQ(r.outliers[0].field, "accuracy: q.rank_error");
  EXPECT_THAT(r.outliers[0].candidate.bytes, HasSubstr("q.quantiles_excl[0] = 69 for rank 0.5 has true ranks [0.69"));
  EXPECT_THAT(r.outliers[0].reference.bytes, HasSubstr("stated epsilon 0.1"));
  EXPECT_EQ(r.outliers[1].field, "accuracy: q.pmf_error");
}

TEST(CheckRanks, ANaNAnswerIsInfinitelyWrong) {
  Case c = HundredLongs();
  Observations obs = Exact();
  Replace(obs, "q.ranks_excl[0]", Value::Double(std::nan("")));
  const RankCheckResult r = Check(c, obs, 3);
  ASSERT_EQ(r.outliers.size(), 1u);
  EXPECT_TRUE(std::isinf(r.samples[0].rank_error));
}

TEST(CheckRanks, UnansweredQueriesAreSkippedAndMissingTruthIsReported) {
  Observations none;
  none.Add("q.ranks[0]", Value::Error("java.lang.RuntimeException", "boom"));
  EXPECT_TRUE(Check(HundredLongs(), none, 3).samples.empty());
  EXPECT_TRUE(Check(HundredLongs(), none, 3).outliers.empty());

  std::vector<RankTruth> wrong_n = {{"q", 99, "k=8 long"}};
  auto r = CheckRanks(HundredLongs(), wrong_n, Exact(), 3);
  ASSERT_EQ(r.outliers.size(), 1u);
  EXPECT_THAT(r.outliers[0].candidate.bytes, HasSubstr("100 items fed"));

  Observations lost = Exact();
  Replace(lost, "q.n", Value::Int(98));
  r = Check(HundredLongs(), lost, 3);
  ASSERT_EQ(r.outliers.size(), 1u);
  EXPECT_EQ(r.outliers[0].field, "accuracy: q.n");

  std::vector<RankTruth> no_query = {{"nowhere", 100, "k=8 long"}};
  EXPECT_EQ(CheckRanks(HundredLongs(), no_query, Exact(), 3).outliers.size(), 1u);
}

}  // namespace
}  // namespace dsconform

namespace dsconform {
namespace {

// HundredLongs judged relatively (REQ): rank grid 0, 0.5, 1 with 3-sd bounds that are 0 at rank 1
// (the accurate end of an HRA sketch says exact) and 0.3 at ranks 0 and 0.5.
Case HundredLongsRelative() {
  ItemStream items;
  items.generator = ItemGenerator::kOrderedLongs;
  items.count = 100;
  items.order = ItemOrder::kShuffled;
  items.seed = 3;
  CaseBuilder b("t", "kll.accuracy", "kll");
  b.Step("create", "a", {{"k", 8}, {"item", "long"}}).Update("a", items);
  b.Step("query", "a",
         {{"queries", {"n", "ranks", "quantiles", "rank_lb3", "rank_ub3"}},
          {"points", {"9", "49", "98"}},
          {"ranks", {"0", "0.5", "1"}},
          {"as", "q"}});
  RankTruth t{"q", 100, "k=8 long hra"};
  t.relative = true;
  AddRankTruth(b, t);
  return b.Build();
}

Observations ExactRelative() {
  Observations obs;
  obs.Add("q.n", Value::Int(100));
  obs.Add("q.ranks[0]", Value::Double(0.10));
  obs.Add("q.ranks[1]", Value::Double(0.50));
  obs.Add("q.ranks[2]", Value::Double(0.99));
  obs.Add("q.quantiles[0]", Value::Int(0));
  obs.Add("q.quantiles[1]", Value::Int(49));
  obs.Add("q.quantiles[2]", Value::Int(99));
  const double lb[] = {-0.3, 0.2, 1}, ub[] = {0.3, 0.8, 1};
  for (int j = 0; j < 3; ++j) {
    obs.Add(absl::StrCat("q.rank_lb3[", j, "]"), Value::Double(lb[j]));
    obs.Add(absl::StrCat("q.rank_ub3[", j, "]"), Value::Double(ub[j]));
  }
  return obs;
}

TEST(CheckRanksRelative, TheEntryRoundTripsAndOthersStayAsTheyWere) {
  const auto truths = RankTruthsOf(HundredLongsRelative());
  ASSERT_TRUE(truths.ok());
  EXPECT_TRUE((*truths)[0].relative);
  EXPECT_FALSE(RankTruthToJson({"q", 1, "s"}).contains("relative"));
}

TEST(CheckRanksRelative, AnErrorWithinTheStatedBoundAtItsRankPasses) {
  Observations obs = ExactRelative();
  Replace(obs, "q.ranks[1]", Value::Double(0.62));  // 0.12 off where 3 sd are 0.3
  const RankCheckResult r = Check(HundredLongsRelative(), obs, 1);
  EXPECT_TRUE(r.outliers.empty()) << r.outliers[0].reference.bytes;
  ASSERT_EQ(r.samples.size(), 1u);
  EXPECT_EQ(r.samples[0].epsilon, 1);  // in stated errors
  EXPECT_NEAR(r.samples[0].rank_error, 0.4, 1e-9);  // the worst answer: 0.12 where 0.3 was stated
  EXPECT_TRUE(std::isnan(r.samples[0].pmf_error));
}

TEST(CheckRanksRelative, AnyErrorWhereTheLibrarySaysExactIsAnOutlier) {
  Observations obs = ExactRelative();
  // True rank 0.99: the stated error there is 0.3 x (1 - 0.99) / 0.5 = 0.006, linear towards rank 1.
  Replace(obs, "q.ranks[2]", Value::Double(0.999));  // 0.009 off: within 0.3 of an absolute epsilon
  const RankCheckResult r = Check(HundredLongsRelative(), obs, 1);
  ASSERT_EQ(r.outliers.size(), 1u);
  EXPECT_EQ(r.outliers[0].field, "accuracy: q.rank_error");
  EXPECT_THAT(r.outliers[0].candidate.bytes, HasSubstr("q.ranks[2]"));

  Observations at_end = ExactRelative();
  Replace(at_end, "q.quantiles[2]", Value::Int(98));  // rank 1 is exact: 98 has true ranks [0.98, 0.99]
  EXPECT_EQ(Check(HundredLongsRelative(), at_end, 100).outliers.size(), 1u);
}

TEST(CheckRanksRelative, AnswersWithoutTheLibrarysBoundsAreAnOutlier) {
  Observations obs;
  for (const auto& f : ExactRelative().fields)
    if (f.name.find("rank_lb3") == std::string::npos) obs.Add(f.name, f.value);
  const RankCheckResult r = Check(HundredLongsRelative(), obs, 3);
  ASSERT_EQ(r.outliers.size(), 1u);
  EXPECT_THAT(r.outliers[0].field, HasSubstr("q.rank_ub3"));
}

}  // namespace
}  // namespace dsconform
