#include "harness/record/record.h"

#include <memory>

#include "gtest/gtest.h"
#include "harness/truth/test_truth_kind.h"

namespace dsconform {
namespace {

Record SelfCheck(const TruthKind& kind) {
  Record r;
  r.index = 3;
  r.case_id = "w/1";
  r.suite = "w.accuracy";
  r.reference = r.candidate = "cpp";
  auto samples = std::make_shared<TestSamples>();
  samples->samples = {{"a", 1.5, 2}};
  r.truth_samples[kind.record_member()] = std::move(samples);
  return r;
}

TEST(RecordJson, TruthSamplesGoUnderTheirKindsMemberAndAreReadBackByIt) {
  const TestTruthKind kind;
  const Record r = SelfCheck(kind);
  const nlohmann::ordered_json j = RecordToJson(r);
  ASSERT_TRUE(j.contains("w_accuracy"));
  EXPECT_EQ(j["w_accuracy"].dump(), R"([{"of":"a","given":1.5,"expected":2.0}])");

  Record back;
  std::string error;
  ASSERT_TRUE(RecordFromJson(nlohmann::json::parse(j.dump()), &back, &error, {&kind})) << error;
  ASSERT_EQ(back.truth_samples.count("w_accuracy"), 1u);
  EXPECT_EQ(RecordToJson(back).dump(), j.dump());

  // Without its kind a member is left out, like any member a record does not know.
  Record bare;
  ASSERT_TRUE(RecordFromJson(nlohmann::json::parse(j.dump()), &bare, &error)) << error;
  EXPECT_TRUE(bare.truth_samples.empty());
}

TEST(RecordJson, EmptySamplesAreNotWrittenAndBadOnesNameTheirMember) {
  const TestTruthKind kind;
  Record r = SelfCheck(kind);
  r.truth_samples[kind.record_member()] = std::make_shared<TestSamples>();
  EXPECT_FALSE(RecordToJson(r).contains("w_accuracy"));

  nlohmann::json j = nlohmann::json::parse(RecordToJson(SelfCheck(kind)).dump());
  j["w_accuracy"][0].erase("given");
  Record back;
  std::string error;
  EXPECT_FALSE(RecordFromJson(j, &back, &error, {&kind}));
  EXPECT_EQ(error, "w_accuracy: a sample needs of, given and expected");
}

TEST(RecordJson, AnExpectationKeepsItsFindingsThroughARoundTrip) {
  Record r;
  r.case_id = "t/1";
  r.reference = r.candidate = "cpp";
  r.verdict = Verdict::kKnown;
  r.expectation_reason = "T5: max of -0.0 and 0.0 (docs/findings-tdigest.md#t5); J6: buffers dropped";
  r.expectation_findings = {"T5", "J6"};
  const nlohmann::ordered_json j = RecordToJson(r);
  EXPECT_EQ(j["expectation"]["findings"].dump(), R"(["T5","J6"])");
  Record back;
  std::string error;
  ASSERT_TRUE(RecordFromJson(nlohmann::json::parse(j.dump()), &back, &error)) << error;
  EXPECT_EQ(back.expectation_findings, r.expectation_findings);
}

}  // namespace
}  // namespace dsconform
