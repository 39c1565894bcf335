#include "harness/truth/accuracy_study.h"

#include <memory>

#include "gtest/gtest.h"
#include "harness/truth/test_truth_kind.h"

namespace dsconform {
namespace {

Record WithSamples(const TruthKind& kind, const std::string& engine, std::vector<TestSamples::Sample> samples) {
  Record r;
  r.suite = "s.accuracy";
  r.candidate = r.reference = engine;
  auto s = std::make_shared<TestSamples>();
  s->samples = std::move(samples);
  r.truth_samples[kind.record_member()] = std::move(s);
  return r;
}

TEST(StudyAccuracy, EachKindStudiesItsOwnSamplesAndTheFindingsFollowTheKindsOrder) {
  const TestTruthKind weights("w"), members("m");
  const std::vector<Record> records = {
      WithSamples(members, "cpp", {{"a", 1, 2}}),
      WithSamples(weights, "cpp", {{"a", 1, 1}, {"b", 3, 2}}),
      WithSamples(weights, "java", {{"a", 1, 1}}),
  };
  const AccuracyStudy study = StudyAccuracy(records, {&weights, &members});
  ASSERT_EQ(study.parts.size(), 2u);
  EXPECT_EQ(study.parts[0]->trials(), 3);
  EXPECT_EQ(study.parts[1]->trials(), 1);
  EXPECT_EQ(study.trials(), 4);
  ASSERT_EQ(study.findings.size(), 2u);
  EXPECT_EQ(study.findings[0].text, "w off");
  EXPECT_EQ(study.findings[1].text, "m off");

  const AccuracyStudy reversed = StudyAccuracy(records, {&members, &weights});
  EXPECT_EQ(reversed.findings[0].text, "m off");
  EXPECT_EQ(StudyAccuracy(records, {}).trials(), 0);
}

}  // namespace
}  // namespace dsconform
