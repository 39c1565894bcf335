#include "harness/truth/distinct/distinct_study.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "harness/truth/distinct/distinct_report.h"
#include "harness/truth/distinct/distinct_samples.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

// Records of `trials` estimates of n = 1000 with stated RSE 0.05 whose
// errors are Gaussian with standard deviation `actual_rse`, and bounds
// estimate / (1 -+ k * bound_rse) like a sketch's.
std::vector<Record> Trials(const std::string& engine, int trials, double actual_rse, double bound_rse,
                           uint32_t seed) {
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> z(0, 1);
  std::vector<Record> records;
  for (int t = 0; t < trials; ++t) {
    Record r;
    r.index = t;
    r.case_id = "trial" + std::to_string(t);
    r.suite = "x.accuracy";
    r.reference = r.candidate = engine;
    DistinctSample s;
    s.of = "n=1000";
    s.series = "lgk=8";
    s.truth = 1000;
    s.rse = 0.05;
    s.estimate = 1000 * (1 + actual_rse * z(gen));
    for (int k = 1; k <= 3; ++k) {
      s.lower[k - 1] = s.estimate / (1 + k * bound_rse);
      s.upper[k - 1] = s.estimate / (1 - k * bound_rse);
    }
    r.truth_samples[kDistinctSamplesMember] = std::make_shared<DistinctSamples>(std::vector<DistinctSample>{s});
    records.push_back(r);
  }
  return records;
}

// Every part of the study's files, for comparing two studies byte for byte.
std::string Files(const DistinctStudy& s) {
  return DistinctStudyJsonSummary(s).dump() + DistinctStudyJsonDetails(s).dump() + DistinctStudyMarkdownSummary(s) +
         DistinctStudyMarkdownDetails(s) + DistinctStudyHtmlSummary(s) + DistinctStudyHtmlDetails(s);
}

TEST(StudyDistinct, AnHonestSketchHasNoFindings) {
  const DistinctStudy study = StudyDistinct(Trials("good", 2000, 0.05, 0.05, 1));
  ASSERT_EQ(study.series.size(), 1u);
  const DistinctPoint& p = study.series[0].points.at(0);
  EXPECT_EQ(p.trials, 2000);
  EXPECT_NEAR(p.rms, 0.05, 0.004);
  EXPECT_NEAR(p.quantiles[3], 0, 0.005);      // median
  EXPECT_NEAR(p.quantiles[4], 0.05, 0.008);   // +1 sd
  EXPECT_NEAR(static_cast<double>(p.both[0].covered) / p.both[0].trials, 0.683, 0.04);
  EXPECT_NEAR(p.exceed[3], 0.0455, 0.015);    // |error| > 0.1 = 2 sd
  EXPECT_TRUE(study.findings.empty()) << study.findings[0].text;
}

TEST(StudyDistinct, TooNarrowBoundsAndTooLargeErrorsAreFindings) {
  // Errors twice the stated RSE, bounds that believe the stated one.
  const DistinctStudy study = StudyDistinct(Trials("bad", 500, 0.10, 0.05, 2));
  std::string all;
  for (const auto& f : study.findings) all += f.text + "\n";
  EXPECT_THAT(all, HasSubstr("interval at 1 sd covers the truth in"));
  EXPECT_THAT(all, HasSubstr("interval at 3 sd"));
  EXPECT_THAT(all, HasSubstr("RMS relative error"));
  EXPECT_EQ(study.findings.front().engine, "bad");
  EXPECT_EQ(study.findings.front().truth, 1000);
}

TEST(StudyDistinct, SameBytesWhateverTheOrderOfTheRecords) {
  std::vector<Record> records = Trials("cpp", 300, 0.05, 0.05, 3);
  for (Record& r : Trials("java", 300, 0.05, 0.05, 4)) records.push_back(r);
  const DistinctStudy a = StudyDistinct(records);
  std::mt19937 shuffle(5);
  std::shuffle(records.begin(), records.end(), shuffle);
  const DistinctStudy b = StudyDistinct(records);
  EXPECT_EQ(Files(a), Files(b));
  ASSERT_EQ(a.series.size(), 2u);
  EXPECT_EQ(a.series[0].engine, "cpp");
  EXPECT_EQ(a.trials, 600);
}

TEST(DistinctReport, TablesAndChartsNameEverySeries) {
  std::vector<Record> records = Trials("cpp", 50, 0.05, 0.05, 6);
  Record more = records[0];
  DistinctSample small = DistinctSamplesOf(more)->samples[0];
  small.truth = 10;
  small.estimate = 10;
  more.truth_samples[kDistinctSamplesMember] = std::make_shared<DistinctSamples>(std::vector<DistinctSample>{small});
  records.push_back(more);
  const DistinctStudy study = StudyDistinct(records);
  EXPECT_THAT(DistinctStudyMarkdownSummary(study), HasSubstr("51 estimates compared with the exact answer"));
  const std::string md = DistinctStudyMarkdownDetails(study);
  EXPECT_THAT(md, HasSubstr("## x.accuracy lgk=8 on cpp"));
  EXPECT_THAT(md, HasSubstr("| 1000 | 50 | 0.05 |"));
  EXPECT_THAT(md, HasSubstr("| 10 | 1 |"));
  const std::string html = DistinctStudyHtmlSummary(study) + DistinctStudyHtmlDetails(study);
  EXPECT_EQ(std::count(html.begin(), html.end(), '<') - std::count(html.begin(), html.end(), '>'), 0);
  EXPECT_THAT(html, HasSubstr("<svg"));
  EXPECT_THAT(html, HasSubstr("relative error quantiles"));
  EXPECT_THAT(html, HasSubstr("coverage of [lb, ub]"));
  EXPECT_EQ(DistinctStudyJsonSummary(study)["trials"], 51);
  const auto j = DistinctStudyJsonDetails(study);
  EXPECT_EQ(j["series"][0]["points"].size(), 2u);
  EXPECT_EQ(j["series"][0]["points"][1]["interval"][0]["trials"], 50);
  const DistinctStudy none = StudyDistinct({});
  EXPECT_EQ(DistinctStudyMarkdownSummary(none) + DistinctStudyHtmlSummary(none) + DistinctStudyHtmlDetails(none), "");
}

}  // namespace
}  // namespace dsconform
