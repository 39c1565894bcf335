// The self-check records of cases with truth, with a kind of truth the core has never heard of.
#include "harness/run/record_builder.h"

#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/diff/test_family.h"
#include "harness/truth/test_truth_kind.h"

namespace dsconform {
namespace {

const TestTruthKind& Weights() {
  static const auto* kind = new TestTruthKind("w");
  return *kind;
}

class WeighingFamily final : public TestFamily {
 public:
  std::string name() const override { return "weighing"; }
  std::vector<const TruthKind*> truth_kinds() const override { return {&Weights()}; }
};

StageOutcome Answered(double weight) {
  StageOutcome s;
  s.observations = Observations();
  s.observations->Add("a.w", Value::Double(weight));
  return s;
}

struct Fixture {
  WeighingFamily family;
  FamilyCatalog catalog{{&family}};
  RunOptions options;
  Fixture() { options.families = &catalog; }
};

Case Weighed(bool with_truth) {
  CaseBuilder b("weighing/1", "weighing.accuracy", "weighing");
  b.Step("create", "a");
  if (with_truth) b.AddTruth("w_truth", {{"of", "a"}, {"w", 2.0}});
  return b.Build();
}

TEST(InvariantRecord, EachEngineIsJudgedByTheKindsOfTruthItsFamilySupplies) {
  Fixture f;
  const Case c = Weighed(true);
  const std::optional<Record> ref = InvariantRecord({0, &c}, "ref@1", Answered(2.0), f.options);
  const std::optional<Record> cand = InvariantRecord({0, &c}, "cand@1", Answered(2.5), f.options);
  ASSERT_TRUE(ref && cand);
  EXPECT_EQ(ref->reference, "ref@1");
  EXPECT_EQ(ref->candidate, "ref@1");
  EXPECT_EQ(ref->verdict, Verdict::kEqual);
  EXPECT_EQ(ref->fields_compared, 1);
  ASSERT_EQ(ref->truth_samples.count("w_accuracy"), 1u);
  EXPECT_EQ(ref->truth_samples.at("w_accuracy")->size(), 1u);
  EXPECT_EQ(cand->verdict, Verdict::kDiffers);
  ASSERT_EQ(cand->diffs.size(), 1u);
  EXPECT_EQ(cand->diffs[0].field, "accuracy: a.w");
  EXPECT_EQ(PairRecord({0, &c}, {"ref@1", "cand@1"}, 1, Answered(2.0), Answered(2.5), f.options).candidate, "cand@1");

  // Its settings reach it by name.
  f.options.truth_settings = {{"w_slack", 1}};
  EXPECT_EQ(InvariantRecord({0, &c}, "cand@1", Answered(2.5), f.options)->verdict, Verdict::kEqual);
}

TEST(InvariantRecord, NoTruthNoSelfCheckAndAFamilyUnknownToTheCatalogJudgesNothing) {
  Fixture f;
  const Case plain = Weighed(false);
  EXPECT_FALSE(InvariantRecord({0, &plain}, "ref@1", Answered(2.0), f.options));
  EXPECT_FALSE(InvariantRecord({0, &plain}, "cand@1", Answered(2.5), f.options));

  const Case c = Weighed(true);
  RunOptions no_families;
  const std::optional<Record> cand = InvariantRecord({0, &c}, "cand@1", Answered(2.5), no_families);
  ASSERT_TRUE(cand);
  EXPECT_TRUE(cand->truth_samples.empty());
  EXPECT_TRUE(cand->diffs.empty());
}

TEST(InvariantRecord, AnEngineWithoutAnAnswerHasNoSelfCheck) {
  Fixture f;
  const Case c = Weighed(true);
  StageOutcome failed;
  failed.failure = "crashed";
  EXPECT_FALSE(InvariantRecord({0, &c}, "cand@1", failed, f.options));
}

}  // namespace
}  // namespace dsconform
