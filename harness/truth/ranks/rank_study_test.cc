#include "harness/truth/ranks/rank_study.h"

#include <algorithm>
#include <random>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "harness/truth/ranks/rank_report.h"
#include "harness/truth/ranks/rank_samples.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

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
    r.truth_samples[kRankSamplesMember] = std::make_shared<RankSamples>(
        std::vector<RankSample>{{"n10000", "k=200 double", 10000, 0.01, 0.012, error, error / 2}});
    records.push_back(r);
  }
  return records;
}

TEST(StudyRanks, OnePercentOverEpsilonIsWhatTheLibraryStates) {
  const RankStudy study = StudyRanks(Trials("good", 1000, 10, 1));
  ASSERT_EQ(study.series.size(), 1u);
  const RankMeasure& m = study.series[0].points.at(0).rank;
  EXPECT_EQ(m.trials, 1000);
  EXPECT_EQ(m.exceeded, 10);
  EXPECT_EQ(m.epsilon, 0.01);
  EXPECT_GT(m.p_value, 0.3);
  EXPECT_GT(m.quantiles[3], 0.01);
  EXPECT_LT(m.quantiles[1], 0.01);
  EXPECT_EQ(study.series[0].points[0].pmf.exceeded, 0);  // errors/2 against 0.012
  EXPECT_TRUE(study.findings.empty()) << study.findings[0].text;
}

TEST(StudyRanks, FivePercentOverEpsilonIsAFinding) {
  const RankStudy study = StudyRanks(Trials("bad", 1000, 50, 2));
  ASSERT_EQ(study.findings.size(), 1u);
  EXPECT_EQ(study.findings[0].engine, "bad");
  EXPECT_EQ(study.findings[0].truth, 10000);
  EXPECT_THAT(study.findings[0].text, HasSubstr("in 50 of 1000 trials (5.0%)"));
  EXPECT_LT(study.series[0].points[0].rank.p_value, 1e-6);
}

// Every part of the study's files, for comparing two studies byte for byte.
std::string Files(const RankStudy& s) {
  return RankStudyJsonDetails(s).dump() + RankStudyMarkdownDetails(s) + RankStudyHtmlDetails(s);
}

TEST(StudyRanks, SameBytesWhateverTheOrderOfTheRecords) {
  std::vector<Record> records = Trials("cpp", 200, 3, 3);
  for (Record& r : Trials("java", 200, 30, 4)) records.push_back(r);
  const RankStudy a = StudyRanks(records);
  std::mt19937 shuffle(5);
  std::shuffle(records.begin(), records.end(), shuffle);
  const RankStudy b = StudyRanks(records);
  EXPECT_EQ(Files(a), Files(b));
  ASSERT_EQ(a.series.size(), 2u);
  EXPECT_EQ(a.series[0].engine, "cpp");
  EXPECT_EQ(a.trials, 400);
  EXPECT_EQ(a.findings.size(), 1u);  // java's 15%
}

TEST(RankReport, TablesAndChartsNameEverySeries) {
  std::vector<Record> records = Trials("cpp", 20, 0, 6);
  Record small = records[0];
  RankSample at100 = RankSamplesOf(small)->samples[0];
  at100.n = 100;
  at100.rank_error = 0;
  small.truth_samples[kRankSamplesMember] = std::make_shared<RankSamples>(std::vector<RankSample>{at100});
  records.push_back(small);
  const RankStudy study = StudyRanks(records);
  const std::string md = RankStudyMarkdownDetails(study);
  EXPECT_THAT(md, HasSubstr("# Rank accuracy"));
  EXPECT_THAT(md, HasSubstr("## kll.accuracy k=200 double on cpp"));
  EXPECT_THAT(md, HasSubstr("| 100 | 1 | 0.01 | 0 |"));
  EXPECT_THAT(md, HasSubstr("| 10000 | 20 | 0.01 |"));
  const std::string html = RankStudyHtmlDetails(study);
  EXPECT_EQ(std::count(html.begin(), html.end(), '<') - std::count(html.begin(), html.end(), '>'), 0);
  EXPECT_THAT(html, HasSubstr("kll.accuracy k=200 double: normalized rank error"));
  EXPECT_THAT(html, HasSubstr("stream length n"));
  const auto j = RankStudyJsonDetails(study);
  EXPECT_EQ(j["rank"]["series"][0]["points"].size(), 2u);
  EXPECT_EQ(j["rank"]["series"][0]["points"][1]["rank"]["trials"], 20);
  // No rank truth in the run: nothing of it in any file.
  const RankStudy none = StudyRanks({});
  EXPECT_EQ(Files(none), "{}");
}

}  // namespace
}  // namespace dsconform
