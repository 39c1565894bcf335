#include "harness/engine/declared_steps.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness/case/case_builder.h"

namespace dsconform {
namespace {

// Declares create, update and serialize of "hll"; answers each step it is sent
// with a field "<slot>.<step>#<index>" (its index in what it was sent), and
// throws at a step whose slot is "boom", as a library would.
class RecordingEngine : public Engine {
 public:
  std::string name() const override { return "fake@1"; }
  std::string kind() const override { return "fake"; }
  const Capabilities& capabilities() const override { return caps_; }
  absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) override {
    std::vector<Observations> out;
    for (const PreparedStage& s : stages) {
      sent.push_back(*s.ops);
      Observations obs;
      for (size_t i = 0; i < s.ops->size(); ++i) {
        const Op& op = (*s.ops)[i];
        if (op.sketch == "boom") {
          obs.Add("error@op" + std::to_string(i), Value::Error("Boom", "thrown"));
          break;
        }
        obs.Add(op.sketch + "." + op.op + "#" + std::to_string(i), Value::Int(1));
      }
      out.push_back(std::move(obs));
    }
    return out;
  }
  std::vector<std::vector<Op>> sent;

 private:
  Capabilities caps_{{"hll", {"create", "update", "serialize"}}};
};

std::vector<std::string> Names(const Observations& obs) {
  std::vector<std::string> names;
  for (const Field& f : obs.fields) names.push_back(f.name + (f.value.kind == Value::Kind::kUnsupported ? "!" : ""));
  return names;
}

ItemStream Seq(int64_t n) {
  ItemStream s;
  s.generator = ItemGenerator::kSequence;
  s.count = n;
  return s;
}

TEST(DeclaredSteps, AStageOfDeclaredStepsIsSentAsItIs) {
  const Case c = CaseBuilder("t/1", "t", "hll").Step("create", "a", {}).Update("a", Seq(3)).Build();
  RecordingEngine engine;
  const PreparedStage stage = PrepareStage(c, c.ops);
  auto out = RunDeclaredSteps(engine, absl::MakeConstSpan(&stage, 1));
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(Names((*out)[0]), (std::vector<std::string>{"a.create#0", "a.update#1"}));
}

TEST(DeclaredSteps, AnUndeclaredStepAndWhatReadsItsSlotAreAnsweredUnsupportedOtherSlotsGoOn) {
  const Case c = CaseBuilder("t/2", "t", "hll")
                     .Step("create", "a", {})
                     .Step("copy", "b", {{"from", "a"}})
                     .Update("b", Seq(2))
                     .Step("serialize", "b", {{"form", "compact"}})
                     .Update("a", Seq(2))
                     .Step("serialize", "a", {{"form", "compact"}})
                     .Step("create", "c", {{"from", "b"}})
                     .Build();
  RecordingEngine engine;
  const PreparedStage stage = PrepareStage(c, c.ops);
  auto out = RunDeclaredSteps(engine, absl::MakeConstSpan(&stage, 1));
  ASSERT_TRUE(out.ok()) << out.status();
  // Sent: create a, update a, serialize a (indices 0..2 of what it saw). Answered here: b.copy,
  // which leaves slot b unusable, so that every field of b counts as unsupported (the differ's
  // rule) and the steps on b add none.
  ASSERT_EQ(engine.sent.size(), 1u);
  ASSERT_EQ(engine.sent[0].size(), 3u);
  EXPECT_EQ(engine.sent[0][1].op, "update");
  EXPECT_EQ(Names((*out)[0]),
            (std::vector<std::string>{"a.create#0", "a.update#1", "a.serialize#2", "b.copy!", "c.create!"}));
}

// An undeclared step whose `as` names its fields otherwise (a query of slot a
// as "a_more") answers that name unsupported too: its fields are not missing.
TEST(DeclaredSteps, AnUndeclaredStepAnswersItsAsNameToo) {
  const Case c = CaseBuilder("t/as", "t", "hll")
                     .Step("create", "a", {})
                     .Step("query", "a", {{"queries", {"estimate"}}, {"as", "a_more"}})
                     .Build();
  RecordingEngine engine;
  const PreparedStage stage = PrepareStage(c, c.ops);
  auto out = RunDeclaredSteps(engine, absl::MakeConstSpan(&stage, 1));
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(Names((*out)[0]), (std::vector<std::string>{"a.create#0", "a.query!", "a_more.query!"}));
}

TEST(DeclaredSteps, AnErrorIsNamedByItsStepInTheWholeStageAndEndsItThere) {
  const Case c = CaseBuilder("t/3", "t", "hll")
                     .Step("copy", "c", {{"from", "a"}})
                     .Step("create", "boom", {})
                     .Step("copy", "d", {{"from", "boom"}})
                     .Build();
  RecordingEngine engine;
  const PreparedStage stage = PrepareStage(c, c.ops);
  auto out = RunDeclaredSteps(engine, absl::MakeConstSpan(&stage, 1));
  ASSERT_TRUE(out.ok()) << out.status();
  // The engine threw at the first step it was sent, step 1 of the stage; step 2 never ran.
  EXPECT_EQ(Names((*out)[0]), (std::vector<std::string>{"c.copy!", "error@op1"}));
}

TEST(DeclaredSteps, AStageOfUndeclaredStepsOnlyNeverReachesTheEngine) {
  const Case c = CaseBuilder("t/4", "t", "hll").Step("reset", "a", {}).Build();
  RecordingEngine engine;
  const PreparedStage stage = PrepareStage(c, c.ops);
  auto out = RunDeclaredSteps(engine, absl::MakeConstSpan(&stage, 1));
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(engine.sent.empty());
  EXPECT_EQ(Names((*out)[0]), (std::vector<std::string>{"a.reset!"}));
}

TEST(DeclaredSteps, AnEngineThatStatesNoStepsGetsEverything) {
  EXPECT_EQ(DeclaredStepsPlan::For(PreparedStage(), {}, "x@1"), nullptr);
}

}  // namespace
}  // namespace dsconform
