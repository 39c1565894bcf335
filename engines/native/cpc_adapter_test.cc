// The CPC steps on the native engine, checked against datasketches-cpp called directly.
#include <deque>
#include <string>

#include "cpc_sketch.hpp"
#include "cpc_union.hpp"
#include "gtest/gtest.h"
#include "harness/case/case_program.h"
#include "nlohmann/json.hpp"
#include "engines/native/cpp_engine.h"

namespace dsconform {
namespace {

class CpcCppAdapterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto engine = MakeCppEngineFactory()->Create();
    ASSERT_TRUE(engine.ok()) << engine.status();
    engine_ = std::move(*engine);
  }

  Observations RunCase(const std::string& json) {
    auto c = CaseFromJson(nlohmann::json::parse(json));
    EXPECT_TRUE(c.ok()) << c.status();
    cases_.push_back(c.ok() ? *c : Case{});
    auto result = engine_->Run({PrepareStage(cases_.back(), cases_.back().ops)});
    EXPECT_TRUE(result.ok()) << result.status();
    return result.ok() && !result->empty() ? result->at(0) : Observations{};
  }

  std::unique_ptr<Engine> engine_;
  std::deque<Case> cases_;  // prepared stages point into them
};

TEST_F(CpcCppAdapterTest, SketchAndUnionStepsMatchTheLibrary) {
  const Observations obs = RunCase(R"({"id": "t", "family": "cpc", "ops": [
    {"op": "create", "sketch": "a", "lg_k": 10, "seed": 77},
    {"op": "update", "sketch": "a", "items": {"gen": "sequence", "start": 0, "count": 3000}},
    {"op": "serialize", "sketch": "a", "form": "compact"},
    {"op": "query", "sketch": "a", "queries": ["estimate", "lb2", "ub3", "is_empty", "lg_k", "validate"]},
    {"op": "union", "sketch": "u", "lg_k": 9, "seed": 77},
    {"op": "merge", "sketch": "u", "from": "a", "how": "move"},
    {"op": "result", "sketch": "r", "from": "u"},
    {"op": "query", "sketch": "r", "queries": ["estimate"]}]})");
  datasketches::cpc_sketch a(10, 77);
  for (int64_t i = 0; i < 3000; ++i) a.update(i);
  const auto image = a.serialize();
  datasketches::cpc_union u(9, 77);
  u.update(a);
  ASSERT_NE(obs.Find("a.compact"), nullptr);
  EXPECT_EQ(obs.Find("a.compact")->bytes, std::string(image.begin(), image.end()));
  EXPECT_EQ(obs.Find("a.estimate")->AsDouble(), a.get_estimate());
  EXPECT_EQ(obs.Find("a.lb2")->AsDouble(), a.get_lower_bound(2));
  EXPECT_EQ(obs.Find("a.ub3")->AsDouble(), a.get_upper_bound(3));
  EXPECT_EQ(obs.Find("a.lg_k")->Summary(), Value::Int(10).Summary());
  EXPECT_EQ(obs.Find("a.validate")->Summary(), Value::Bool(true).Summary());
  EXPECT_EQ(obs.Find("r.estimate")->AsDouble(), u.get_result().get_estimate());
}

TEST_F(CpcCppAdapterTest, AnImageOfAnotherSeedIsRefusedAndEndsTheStage) {
  const Observations obs = RunCase(R"({"id": "t", "family": "cpc", "ops": [
    {"op": "create", "sketch": "a", "lg_k": 8, "seed": 5},
    {"op": "update", "sketch": "a", "items": {"gen": "sequence", "start": 0, "count": 10}},
    {"op": "serialize", "sketch": "a", "form": "compact"},
    {"op": "deserialize", "sketch": "h", "image": "a.compact", "mode": "heapify"},
    {"op": "query", "sketch": "h", "queries": ["estimate"]}]})");
  const Value* error = obs.Find("error@op3");
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(error->kind, Value::Kind::kError);
  EXPECT_NE(error->bytes.find("seed"), std::string::npos) << error->bytes;
  EXPECT_EQ(obs.Find("h.estimate"), nullptr);
}

TEST_F(CpcCppAdapterTest, WrapIsUnsupportedAndSoIsEveryStepThatReadsItsSlot) {
  const Observations obs = RunCase(R"({"id": "t", "family": "cpc", "ops": [
    {"op": "create", "sketch": "a", "lg_k": 8},
    {"op": "serialize", "sketch": "a", "form": "compact"},
    {"op": "deserialize", "sketch": "w", "image": "a.compact", "mode": "wrap"},
    {"op": "query", "sketch": "w", "queries": ["estimate"]},
    {"op": "union", "sketch": "u", "lg_k": 8},
    {"op": "merge", "sketch": "u", "from": "w", "how": "copy"},
    {"op": "query", "sketch": "a", "queries": ["is_empty"]}]})");
  for (const char* name : {"w.deserialize", "w.query", "u.merge"}) {
    ASSERT_NE(obs.Find(name), nullptr) << name;
    EXPECT_EQ(obs.Find(name)->kind, Value::Kind::kUnsupported) << name;
  }
  ASSERT_NE(obs.Find("a.is_empty"), nullptr);  // the stage went on
  EXPECT_EQ(obs.Find("a.is_empty")->Summary(), Value::Bool(true).Summary());
}

}  // namespace
}  // namespace dsconform
