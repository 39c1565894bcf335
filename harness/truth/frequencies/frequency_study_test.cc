#include "harness/truth/frequencies/frequency_study.h"

#include <cmath>
#include <memory>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "harness/truth/frequencies/frequency_report.h"
#include "harness/truth/frequencies/frequency_samples.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

Record WithSample(const std::string& engine, FrequencySample s) {
  Record r;
  r.suite = "fi.accuracy";
  r.reference = r.candidate = engine;
  r.truth_samples[kFrequencySamplesMember] = std::make_shared<FrequencySamples>(std::vector<FrequencySample>{s});
  return r;
}

FrequencySample Sample(int64_t weight, double max_error, double estimate_error) {
  FrequencySample s;
  s.of = "q";
  s.series = "lg=3 long";
  s.weight = weight;
  s.epsilon = 0.4375;
  s.maximum_error = max_error;
  s.estimate_error = estimate_error;
  s.keys = 10;
  return s;
}

TEST(StudyFrequencies, PoolsBySeriesEngineAndWeightTheSameInAnyOrder) {
  const std::vector<Record> records = {WithSample("cpp", Sample(100, 10, 5)), WithSample("cpp", Sample(100, 20, 2)),
                                       WithSample("cpp", Sample(200, 30, 0)), WithSample("java", Sample(100, 10, 5))};
  const FrequencyStudy study = StudyFrequencies(records);
  EXPECT_EQ(study.trials, 4);
  ASSERT_EQ(study.series.size(), 2u);
  const FrequencyStudySeries& cpp = study.series[0];
  EXPECT_EQ(cpp.engine, "cpp");
  ASSERT_EQ(cpp.points.size(), 2u);
  EXPECT_EQ(cpp.points[0].trials, 2);
  EXPECT_DOUBLE_EQ(cpp.points[0].error_budget, 20 / (0.4375 * 100));
  EXPECT_DOUBLE_EQ(cpp.points[0].estimate_error, 0.05);
  EXPECT_EQ(cpp.points[0].keys, 20);
  EXPECT_TRUE(study.findings.empty());

  const std::vector<Record> reversed(records.rbegin(), records.rend());
  EXPECT_EQ(FrequencyStudyJsonDetails(StudyFrequencies(reversed)).dump(), FrequencyStudyJsonDetails(study).dump());
  EXPECT_EQ(FrequencyStudyMarkdownDetails(StudyFrequencies(reversed)), FrequencyStudyMarkdownDetails(study));
}

TEST(StudyFrequencies, EveryBrokenGuaranteeAndOverspentBudgetIsAFinding) {
  FrequencySample broken = Sample(100, 10, 5);
  broken.false_negatives = 2;
  const FrequencyStudy study = StudyFrequencies({WithSample("cpp", broken), WithSample("java", Sample(100, 44, 5))});
  ASSERT_EQ(study.findings.size(), 2u);
  EXPECT_EQ(study.findings[0].engine, "cpp");
  EXPECT_THAT(study.findings[0].text, HasSubstr("2 false negatives"));
  EXPECT_EQ(study.findings[1].engine, "java");
  EXPECT_THAT(study.findings[1].text, HasSubstr("maximum error 1.006 x the a-priori epsilon"));
}

TEST(StudyFrequencies, FilesShowEveryPointUnderTheirOwnHeading) {
  const FrequencyStudy study = StudyFrequencies({WithSample("cpp", Sample(100, 10, 5))});
  EXPECT_EQ(FrequencyStudyJsonDetails(study)["frequency"]["series"][0]["points"][0]["weight"], 100);
  const std::string md = FrequencyStudyMarkdownDetails(study);
  EXPECT_THAT(md, HasSubstr("# Frequency accuracy"));
  EXPECT_THAT(md, HasSubstr("| 100 | 1 | 0.4375 | 0.2286 | 0.05 | 10 | 0 | 0 | 0 |"));
  EXPECT_THAT(FrequencyStudyHtmlDetails(study), HasSubstr("<td>0.2286</td>"));
  EXPECT_EQ(FrequencyStudyMarkdownDetails(StudyFrequencies({})), "");  // no frequency truth: no section
}

}  // namespace
}  // namespace dsconform
