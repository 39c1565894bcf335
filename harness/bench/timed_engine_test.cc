#include "harness/bench/timed_engine.h"

#include "gtest/gtest.h"
#include "harness/case/case_builder.h"

namespace dsconform {
namespace {

// Answers every stage with nothing; says it spent `library_step` seconds inside its library per
// call when `measures` (as the Java engine does).
class FakeEngine : public Engine {
 public:
  explicit FakeEngine(bool measures) : measures_(measures) {}
  std::string name() const override { return "fake@1"; }
  std::string kind() const override { return "fake"; }
  const Capabilities& capabilities() const override {
    static const auto* caps = new Capabilities{{"hll", {}}};
    return *caps;
  }
  absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) override {
    library_ += 0.25;
    return std::vector<Observations>(stages.size());
  }
  std::optional<double> LibrarySeconds() const override {
    return measures_ ? std::optional<double>(library_) : std::nullopt;
  }

 private:
  bool measures_;
  double library_ = 0;
};

Case TwoTapes() {
  return CaseBuilder("c", "s", "hll")
      .Step("create", "a", {{"lg_k", 4}, {"type", "HLL_4"}})
      .Update("a", Sequence(0, 10))
      .Update("a", Sequence(100, 5))
      .Build();
}

TEST(TimedEngine, KeepsStagesItemBytesAndLibraryTimeOfEachCall) {
  const Case c = TwoTapes();
  std::vector<PreparedStage> stages = {PrepareStage(c, c.ops), PrepareStage(c, c.ops)};
  stages[1].images["a.compact"] = std::string(7, 'x');
  TimedEngine engine(std::make_unique<FakeEngine>(true));
  ASSERT_TRUE(engine.Run(stages).ok());
  ASSERT_TRUE(engine.Run(absl::MakeConstSpan(stages).subspan(0, 1)).ok());

  ASSERT_EQ(engine.calls().size(), 2u);
  EXPECT_EQ(engine.calls()[0].stages, 2);
  EXPECT_EQ(engine.calls()[0].item_bytes, 2 * 15 * 8 + 7);  // two stages of 15 longs, one image
  EXPECT_EQ(engine.calls()[1].item_bytes, 15 * 8);
  ASSERT_TRUE(engine.calls()[1].library_seconds.has_value());
  EXPECT_DOUBLE_EQ(*engine.calls()[1].library_seconds, 0.25);  // the difference over that call
  EXPECT_EQ(engine.LibrarySeconds(), std::optional<double>(0.5));
  EXPECT_EQ(engine.name(), "fake@1");
}

TEST(TimedEngine, EngineThatDoesNotTimeItselfLeavesLibraryTimeUnset) {
  const Case c = TwoTapes();
  std::vector<PreparedStage> stages = {PrepareStage(c, c.ops)};
  TimedEngine engine(std::make_unique<FakeEngine>(false));
  ASSERT_TRUE(engine.Run(stages).ok());
  EXPECT_FALSE(engine.calls()[0].library_seconds.has_value());
}

TEST(WrapInTimers, CallsOfGathersOneEngineAcrossWorkers) {
  std::vector<EngineSet> workers(2);
  for (auto& set : workers) {
    set.push_back(std::make_unique<FakeEngine>(false));
    set.push_back(std::make_unique<FakeEngine>(true));
  }
  WrapInTimers(workers);
  const Case c = TwoTapes();
  std::vector<PreparedStage> stages = {PrepareStage(c, c.ops)};
  ASSERT_TRUE(workers[0][1]->Run(stages).ok());
  ASSERT_TRUE(workers[1][1]->Run(stages).ok());
  ASSERT_TRUE(workers[1][0]->Run(stages).ok());
  EXPECT_EQ(CallsOf(workers, 1).size(), 2u);
  EXPECT_EQ(CallsOf(workers, 0).size(), 1u);
  EXPECT_TRUE(CallsOf(workers, 2).empty());
}

}  // namespace
}  // namespace dsconform
