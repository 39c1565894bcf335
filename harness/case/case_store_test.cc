#include "harness/case/case_store.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"

namespace dsconform {
namespace {

// A case with every part a case has: items, a cross stage, an input image, an invariant, truth.
Case EveryPart(int steps) {
  CaseBuilder b("x/every/part", "x.suite", "x");
  b.Input("snap", "0a0b0c");
  b.Step("create", "a", {{"lg_k", 12}, {"p", "0.5"}, {"seed", uint64_t{18446744073709551557u}}});
  for (int i = 0; i < steps; ++i) {
    b.Update("a", Random(uint64_t{7} + i, 1000));
    b.Step("query", "a", {{"queries", {"estimate", "lb1", "ub1"}}, {"as", absl::StrCat("n", i)}});
  }
  b.Step("serialize", "a", {{"form", "compact"}});
  b.Check("equal", {"a.estimate", "n0.estimate"});
  b.AddTruth("truth", {{"of", "n0.estimate"}, {"count", 1000}, {"rse", 0.015625}, {"series", "s"}});
  b.Cross({"a.compact"});
  b.Step("deserialize", "b", {{"image", "a.compact"}, {"mode", "heapify"}});
  return b.Build();
}

TEST(CaseStore, UnpacksTheProgramItWasGiven) {
  const Case c = EveryPart(3);
  CaseStore store;
  store.Add(c);
  ASSERT_EQ(store.size(), 1u);
  EXPECT_EQ(store.id(0), "x/every/part");
  auto back = store.Unpack(0);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(nlohmann::json(CaseToJson(*back)), nlohmann::json(CaseToJson(c)));
  EXPECT_EQ(back->ops[0].args["seed"].get<uint64_t>(), uint64_t{18446744073709551557u});
}

TEST(CaseStore, HoldsARepetitiveProgramInAFractionOfItsText) {
  const Case c = EveryPart(200);
  const CaseStore store({c});
  EXPECT_LT(store.packed_bytes() * 5, static_cast<int64_t>(CaseToJson(c).dump().size()));
}

// Packed on every core, the cases keep their order: case i unpacks to the program given as i.
TEST(CaseStore, AddAllKeepsTheCasesInTheirOrder) {
  std::vector<Case> cases;
  for (int i = 0; i < 300; ++i) {
    Case c = EveryPart(1 + i % 4);
    c.id = absl::StrCat("x/every/part/i=", i);
    cases.push_back(std::move(c));
  }
  CaseStore one_by_one;
  for (const Case& c : cases) one_by_one.Add(c);
  const CaseStore all(cases);
  ASSERT_EQ(all.size(), cases.size());
  EXPECT_EQ(all.packed_bytes(), one_by_one.packed_bytes());
  for (size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(all.id(i), cases[i].id);
    auto back = all.Unpack(i);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(nlohmann::json(CaseToJson(*back)), nlohmann::json(CaseToJson(cases[i]))) << i;
  }
}

// A plan sizes a case by its program: everything but its invariants and truth, unchanged.
TEST(CaseStore, UnpacksTheProgramWithoutWhatJudgesItsAnswers) {
  const Case c = EveryPart(3);
  ASSERT_FALSE(c.invariants.empty());
  ASSERT_FALSE(c.truth.empty());
  const CaseStore store({c});
  auto program = store.UnpackProgram(0);
  ASSERT_TRUE(program.ok()) << program.status();
  EXPECT_TRUE(program->invariants.empty());
  EXPECT_TRUE(program->truth.empty());
  Case want = c;
  want.invariants.clear();
  want.truth.clear();
  EXPECT_EQ(nlohmann::json(CaseToJson(*program)), nlohmann::json(CaseToJson(want)));
}

// A case with nothing to judge by packs no second part, and unpacks whole either way.
TEST(CaseStore, ACaseWithoutInvariantsOrTruthUnpacksTheSameEitherWay) {
  Case c = EveryPart(2);
  c.invariants.clear();
  c.truth.clear();
  const CaseStore store({c});
  auto whole = store.Unpack(0);
  auto program = store.UnpackProgram(0);
  ASSERT_TRUE(whole.ok() && program.ok());
  EXPECT_EQ(nlohmann::json(CaseToJson(*whole)), nlohmann::json(CaseToJson(c)));
  EXPECT_EQ(nlohmann::json(CaseToJson(*program)), nlohmann::json(CaseToJson(c)));
}

}  // namespace
}  // namespace dsconform
