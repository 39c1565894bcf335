#include "harness/accuracy/rank_accuracy_study.h"

#include <algorithm>
#include <random>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "harness/accuracy/accuracy_report.h"
#include "harness/accuracy/accuracy_study.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// `trials` records of one engine at n = 10000, epsilon 0.01, whose errors
// exceed epsilon in `over` of them.
std::vector<Record> Trials(const std::string& engine, int trials, int over, uint32_t seed) {
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> below(0.001, 0.0099), above(0.0101, 0.02);
  std::vector<Record> records;
  for (int t = 0; t < trials; ++t) {
    Record r;
    r.index = t;
    r.case_id = "trial" + std::to_string(t);
    r.suite = "kll.accuracy";
    r.reference = r.candidate = engine;
    const double error = t < over ? above(gen) : below(gen);
    r.rank_accuracy.push_back({"n10000", "k=200 double", 10000, 0.01, 0.012, error, error / 2});
    records.push_back(r);
  }
  return records;
}

TEST(StudyRankAccuracy, OnePercentOverEpsilonIsWhatTheLibraryStates) {
  const AccuracyStudy study = StudyAccuracy(Trials("good", 1000, 10, 1));
  ASSERT_EQ(study.rank.series.size(), 1u);
  const RankMeasure& m = study.rank.series[0].points.at(0).rank;
  EXPECT_EQ(m.trials, 1000);
  EXPECT_EQ(m.exceeded, 10);
  EXPECT_EQ(m.epsilon, 0.01);
  EXPECT_GT(m.p_value, 0.3);
  EXPECT_GT(m.quantiles[3], 0.01);
  EXPECT_LT(m.quantiles[1], 0.01);
  EXPECT_EQ(study.rank.series[0].points[0].pmf.exceeded, 0);  // errors/2 against 0.012
  EXPECT_TRUE(study.findings.empty()) << study.findings[0].text;
}

TEST(StudyRankAccuracy, FivePercentOverEpsilonIsAFinding) {
  const AccuracyStudy study = StudyAccuracy(Trials("bad", 1000, 50, 2));
  ASSERT_EQ(study.findings.size(), 1u);
  EXPECT_EQ(study.findings[0].engine, "bad");
  EXPECT_EQ(study.findings[0].truth, 10000);
  EXPECT_THAT(study.findings[0].text, HasSubstr("in 50 of 1000 trials (5.0%)"));
  EXPECT_LT(study.rank.series[0].points[0].rank.p_value, 1e-6);
}

TEST(StudyRankAccuracy, SameBytesWhateverTheOrderOfTheRecords) {
  std::vector<Record> records = Trials("cpp", 200, 3, 3);
  for (Record& r : Trials("java", 200, 30, 4)) records.push_back(r);
  const AccuracyStudy a = StudyAccuracy(records);
  std::mt19937 shuffle(5);
  std::shuffle(records.begin(), records.end(), shuffle);
  const AccuracyStudy b = StudyAccuracy(records);
  EXPECT_EQ(AccuracyStudyToJson(a).dump(), AccuracyStudyToJson(b).dump());
  EXPECT_EQ(AccuracyStudyMarkdown(a), AccuracyStudyMarkdown(b));
  EXPECT_EQ(AccuracyStudyHtml(a), AccuracyStudyHtml(b));
  ASSERT_EQ(a.rank.series.size(), 2u);
  EXPECT_EQ(a.rank.series[0].engine, "cpp");
  EXPECT_EQ(a.rank.trials, 400);
  EXPECT_EQ(a.findings.size(), 1u);  // java's 15%
}

TEST(RankAccuracyReport, TablesAndChartsNameEverySeries) {
  std::vector<Record> records = Trials("cpp", 20, 0, 6);
  Record small = records[0];
  small.rank_accuracy[0].n = 100;
  small.rank_accuracy[0].rank_error = 0;
  records.push_back(small);
  const AccuracyStudy study = StudyAccuracy(records);
  const std::string md = AccuracyStudyMarkdown(study);
  EXPECT_THAT(md, HasSubstr("# Rank accuracy"));
  EXPECT_THAT(md, Not(HasSubstr("estimates compared")));  // no estimate part in a quantiles-only study
  EXPECT_THAT(md, HasSubstr("## kll.accuracy k=200 double on cpp"));
  EXPECT_THAT(md, HasSubstr("| 100 | 1 | 0.01 | 0 |"));
  EXPECT_THAT(md, HasSubstr("| 10000 | 20 | 0.01 |"));
  const std::string html = AccuracyStudyHtml(study);
  EXPECT_EQ(std::count(html.begin(), html.end(), '<') - std::count(html.begin(), html.end(), '>'), 0);
  EXPECT_THAT(html, HasSubstr("<section id=\"accuracy\">"));
  EXPECT_THAT(html, Not(HasSubstr("estimates compared")));
  EXPECT_THAT(html, HasSubstr("kll.accuracy k=200 double: normalized rank error"));
  EXPECT_THAT(html, HasSubstr("stream length n"));
  const auto j = AccuracyStudyToJson(study);
  EXPECT_EQ(j["rank"]["series"][0]["points"].size(), 2u);
  EXPECT_EQ(j["rank"]["series"][0]["points"][1]["rank"]["trials"], 20);
  EXPECT_FALSE(j.contains("rank") && StudyAccuracy({}).rank.trials != 0);
}

}  // namespace
}  // namespace dsconform
