#include "engines/native/cpp_engine.h"

#include <cmath>
#include <cstring>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness/case/case_program.h"
#include "harness/case/item_stream.h"
#include "hll.hpp"
#include "nlohmann/json.hpp"
#include "harness/engine/item_tape_reader.h"

namespace dsconform {
namespace {

using datasketches::hll_sketch;

class CppEngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto engine = MakeCppEngineFactory()->Create();
    ASSERT_TRUE(engine.ok()) << engine.status();
    engine_ = std::move(*engine);
  }

  // Cases live as long as the fixture: prepared stages point into them.
  const Case& Parse(const std::string& json) {
    auto c = CaseFromJson(nlohmann::json::parse(json));
    EXPECT_TRUE(c.ok()) << c.status();
    cases_.push_back(c.ok() ? *c : Case{});
    return cases_.back();
  }

  std::vector<Observations> RunStages(const std::vector<PreparedStage>& stages) {
    auto result = engine_->Run(stages);
    EXPECT_TRUE(result.ok()) << result.status();
    if (!result.ok()) return std::vector<Observations>(stages.size());
    EXPECT_EQ(result->size(), stages.size());
    return *result;
  }

  Observations RunCase(const std::string& json, std::map<std::string, std::string> images = {}) {
    const Case& c = Parse(json);
    PreparedStage stage = PrepareStage(c, c.ops);
    stage.images = std::move(images);
    return RunStages({stage}).at(0);
  }

  static std::vector<std::string> Names(const Observations& obs) {
    std::vector<std::string> names;
    for (const auto& f : obs.fields) names.push_back(f.name);
    return names;
  }

  static double EstimateOf(const Observations& obs, const std::string& field) {
    const Value* v = obs.Find(field);
    EXPECT_NE(v, nullptr) << field;
    if (v == nullptr) return std::nan("");
    EXPECT_EQ(v->kind, Value::Kind::kDouble) << field << ": " << v->Summary();
    return v->AsDouble();
  }

  std::unique_ptr<Engine> engine_;
  std::deque<Case> cases_;
};

std::string Image(const hll_sketch::vector_bytes& v) { return std::string(v.begin(), v.end()); }

TEST_F(CppEngineTest, IsNamedCppAtItsVersionAndRunsHllOnly) {
  EXPECT_EQ(engine_->name(), CppEngineName());
  EXPECT_EQ(CppEngineName().rfind("cpp@", 0), 0u);
  EXPECT_GT(CppEngineName().size(), 4u);
  EXPECT_EQ(engine_->kind(), "cpp");
  EXPECT_EQ(MakeCppEngineFactory()->name(), CppEngineName());
  EXPECT_TRUE(engine_->SupportsFamily("hll"));
  EXPECT_FALSE(engine_->SupportsFamily("no_such_family"));
}

TEST_F(CppEngineTest, EstimateOf1000DistinctLongsIsWithin5Percent) {
  for (const char* create : {R"({"op":"create","sketch":"a","lg_k":12,"type":"HLL_4"})",    // SET mode
                             R"({"op":"create","sketch":"a","lg_k":10,"type":"HLL_8"})"}) {  // HLL mode
    const Observations obs = RunCase(std::string(R"({"id":"est","family":"hll","ops":[)") + create + R"(,
        {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":1000}},
        {"op":"update","sketch":"a","items":{"gen":"sequence","start":500,"count":500}},
        {"op":"query","sketch":"a","queries":["estimate","lb1","ub1","is_empty","lg_k","type"]}]})");
    EXPECT_NEAR(EstimateOf(obs, "a.estimate"), 1000.0, 50.0) << create;
    EXPECT_LE(EstimateOf(obs, "a.lb1"), EstimateOf(obs, "a.estimate"));
    EXPECT_GE(EstimateOf(obs, "a.ub1"), EstimateOf(obs, "a.estimate"));
    ASSERT_NE(obs.Find("a.is_empty"), nullptr);
    EXPECT_EQ(obs.Find("a.is_empty")->kind, Value::Kind::kBool);
    EXPECT_EQ(obs.Find("a.is_empty")->bits, 0u);
    ASSERT_NE(obs.Find("a.type"), nullptr);
    EXPECT_EQ(obs.Find("a.type")->kind, Value::Kind::kString);
    EXPECT_EQ(obs.Find("a.lg_k")->kind, Value::Kind::kInt);
  }
}

TEST_F(CppEngineTest, CompactImageCarriesTheHllFamilyId) {
  const Observations obs = RunCase(R"({"id":"img","family":"hll","ops":[
      {"op":"create","sketch":"a","lg_k":12,"type":"HLL_6"},
      {"op":"update","sketch":"a","items":{"gen":"splitmix64","seed":7,"count":5000}},
      {"op":"serialize","sketch":"a","form":"compact"},
      {"op":"serialize","sketch":"a","form":"updatable","as":"snapshot"},
      {"op":"query","sketch":"a","queries":["compact_size","updatable_size"]}]})");
  EXPECT_EQ(Names(obs), (std::vector<std::string>{"a.compact", "snapshot.updatable", "a.compact_size",
                                                  "a.updatable_size"}));
  const Value* compact = obs.Find("a.compact");
  ASSERT_NE(compact, nullptr);
  ASSERT_EQ(compact->kind, Value::Kind::kBytes);
  ASSERT_GT(compact->bytes.size(), 8u);
  EXPECT_EQ(compact->bytes[2], 7);  // family id of HLL
  EXPECT_EQ(static_cast<int64_t>(obs.Find("a.compact_size")->bits), static_cast<int64_t>(compact->bytes.size()));
  EXPECT_EQ(static_cast<int64_t>(obs.Find("a.updatable_size")->bits),
            static_cast<int64_t>(obs.Find("snapshot.updatable")->bytes.size()));
}

// Each item kind reaches the overload docs/items.md names: the engine's image
// equals one built by calling that overload directly.
TEST_F(CppEngineTest, ItemsReachTheDocumentedOverloads) {
  for (const char* gen : {R"({"gen":"sequence","start":-3,"count":900})", R"({"gen":"splitmix64","seed":1,"count":900})",
                          R"({"gen":"doubles","seed":2,"count":900})", R"({"gen":"ascii_strings","start":0,"count":900})",
                          R"({"gen":"utf8_strings","start":0,"count":900})",
                          R"({"gen":"byte_arrays","seed":3,"count":900})"}) {
    const Observations obs = RunCase(std::string(R"({"id":"items","family":"hll","ops":[
        {"op":"create","sketch":"a","lg_k":11,"type":"HLL_8"},
        {"op":"update","sketch":"a","items":)") + gen + R"(},
        {"op":"serialize","sketch":"a","form":"updatable"}]})");
    auto stream = ItemStreamFromJson(nlohmann::json::parse(gen), "/items");
    ASSERT_TRUE(stream.ok());
    const std::string tape = EncodeItemTape(*stream);
    hll_sketch direct(11, datasketches::HLL_8);
    size_t n = 0;
    const char* p = tape.data();
    while (p < tape.data() + tape.size()) {
      switch (stream->kind()) {
        case ItemKind::kLong: {
          int64_t v;
          std::memcpy(&v, p, 8);
          direct.update(v);
          p += 8;
          break;
        }
        case ItemKind::kDouble: {
          double d;
          std::memcpy(&d, p, 8);
          direct.update(d);
          p += 8;
          break;
        }
        case ItemKind::kString:
        case ItemKind::kBytes: {
          uint32_t len;
          std::memcpy(&len, p, 4);
          if (stream->kind() == ItemKind::kString) direct.update(std::string(p + 4, len));
          else direct.update(p + 4, len);
          p += 4 + len;
          break;
        }
      }
      ++n;
    }
    EXPECT_EQ(n, 900u) << gen;
    ASSERT_NE(obs.Find("a.updatable"), nullptr) << gen;
    EXPECT_EQ(obs.Find("a.updatable")->bytes, Image(direct.serialize_updatable())) << gen;
  }
}

// datasketches-cpp ignores update(nullptr, n) and update(const std::string&)
// of "", but hashes a zero-length array given any other pointer; the engine
// passes a pointer into the tape, so an empty byte array counts as an item
// (datasketches-java ignores empty arrays).
TEST_F(CppEngineTest, EmptyByteArrayFromTheTapeIsCounted) {
  hll_sketch by_null(12), by_pointer(12), by_string(12);
  by_null.update(nullptr, 0);
  const std::string empty;
  by_pointer.update(empty.data(), 0);
  by_string.update(empty);
  EXPECT_TRUE(by_null.is_empty());
  EXPECT_FALSE(by_pointer.is_empty());
  EXPECT_TRUE(by_string.is_empty());

  // Find a byte_arrays stream whose first item is empty.
  ItemStream stream{ItemGenerator::kByteArrays, 0, 0, 1};
  while (EncodeItemTape(stream) != std::string(4, '\0')) ++stream.seed;
  const Observations obs = RunCase(R"({"id":"empty-bytes","family":"hll","ops":[
      {"op":"create","sketch":"a","lg_k":12,"type":"HLL_4"},
      {"op":"update","sketch":"a","items":{"gen":"byte_arrays","seed":)" + std::to_string(stream.seed) + R"(,"count":1}},
      {"op":"query","sketch":"a","queries":["is_empty","estimate"]}]})");
  ASSERT_NE(obs.Find("a.is_empty"), nullptr);
  EXPECT_EQ(obs.Find("a.is_empty")->bits, 0u);
  EXPECT_EQ(EstimateOf(obs, "a.estimate"), 1.0);
}

TEST_F(CppEngineTest, MergeByCopyAndByMoveOfTheSameInputs) {
  const Observations obs = RunCase(R"({"id":"merge","family":"hll","ops":[
      {"op":"create","sketch":"a","lg_k":12,"type":"HLL_8"},
      {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":5000}},
      {"op":"create","sketch":"b","lg_k":12,"type":"HLL_4"},
      {"op":"update","sketch":"b","items":{"gen":"sequence","start":3000,"count":5000}},
      {"op":"union","sketch":"u1","lg_max_k":12},
      {"op":"merge","sketch":"u1","from":"a","how":"copy"},
      {"op":"merge","sketch":"u1","from":"b","how":"copy"},
      {"op":"query","sketch":"a","queries":["is_empty","estimate"],"as":"a_after_copy"},
      {"op":"union","sketch":"u2","lg_max_k":12},
      {"op":"merge","sketch":"u2","from":"a","how":"move"},
      {"op":"merge","sketch":"u2","from":"b","how":"move"},
      {"op":"query","sketch":"u1","queries":["estimate","lg_k"]},
      {"op":"query","sketch":"u2","queries":["estimate","lg_k"]},
      {"op":"result","sketch":"r1","from":"u1","type":"HLL_4"},
      {"op":"result","sketch":"r2","from":"u2","type":"HLL_4"},
      {"op":"serialize","sketch":"r1","form":"compact"},
      {"op":"serialize","sketch":"r2","form":"compact"},
      {"op":"query","sketch":"a","queries":["is_empty","type","lg_k"],"as":"a_after_move"}]})");
  EXPECT_EQ(obs.Find("error@op0"), nullptr);
  EXPECT_NEAR(EstimateOf(obs, "u1.estimate"), 8000.0, 400.0);
  EXPECT_NEAR(EstimateOf(obs, "u2.estimate"), 8000.0, 400.0);
  EXPECT_NEAR(EstimateOf(obs, "a_after_copy.estimate"), 5000.0, 250.0);
  ASSERT_NE(obs.Find("r1.compact"), nullptr);
  ASSERT_NE(obs.Find("r2.compact"), nullptr);
  EXPECT_EQ(obs.Find("r1.compact")->bytes, obs.Find("r2.compact")->bytes);
  // An empty union adopts a moved HLL_8 sketch in HLL mode by swapping: the
  // slot then holds the union's old, empty gadget (5.2.0 behaviour, which a
  // move-merge case must not read as the sketch it was).
  ASSERT_NE(obs.Find("a_after_move.is_empty"), nullptr);
  EXPECT_EQ(obs.Find("a_after_move.is_empty")->bits, 1u);
  EXPECT_EQ(obs.Find("a_after_move.type")->bytes, "HLL_8");
}

// The harness tells the engine which slots no later step names (PreparedStage::done_after); told
// to let go of one early, the engine no longer has it.
TEST_F(CppEngineTest, ASlotIsLetGoAfterTheStepTheHarnessNames) {
  const Case& c = Parse(R"({"id": "drop", "family": "hll", "ops": [
      {"op": "create", "sketch": "a", "lg_k": 10, "type": "HLL_4"},
      {"op": "query", "sketch": "a", "queries": ["estimate"], "as": "first"},
      {"op": "query", "sketch": "a", "queries": ["estimate"], "as": "second"}]})");
  PreparedStage stage = PrepareStage(c, c.ops);
  EXPECT_EQ(stage.done_after[2], std::vector<std::string>{"a"});
  EXPECT_EQ(Names(RunStages({stage}).at(0)), (std::vector<std::string>{"first.estimate", "second.estimate"}));

  stage.done_after = {{}, {"a"}, {}};
  auto dropped = engine_->Run({stage});
  ASSERT_FALSE(dropped.ok());
  EXPECT_NE(dropped.status().message().find("slot 'a' does not exist"), std::string::npos) << dropped.status();
}

TEST_F(CppEngineTest, DeserializeOfThreeBytesRecordsTheExceptionAndTheNextCaseRuns) {
  const Case& bad = Parse(R"({"id":"bad","family":"hll","ops":[
      {"op":"deserialize","sketch":"s","image":"tiny","mode":"heapify"},
      {"op":"query","sketch":"s","queries":["estimate"]}]})");
  const Case& good = Parse(R"({"id":"good","family":"hll","ops":[
      {"op":"create","sketch":"a","lg_k":8,"type":"HLL_4"},
      {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":10}},
      {"op":"query","sketch":"a","queries":["estimate"]}]})");
  PreparedStage bad_stage = PrepareStage(bad, bad.ops);
  bad_stage.images["tiny"] = std::string("\x02\x01\x07", 3);
  const auto results = RunStages({bad_stage, PrepareStage(good, good.ops)});
  ASSERT_EQ(results.size(), 2u);
  ASSERT_EQ(Names(results[0]), std::vector<std::string>{"error@op0"});
  const Value& error = results[0].fields[0].value;
  EXPECT_EQ(error.kind, Value::Kind::kError);
  EXPECT_EQ(error.error_class, "std::out_of_range");
  EXPECT_EQ(error.bytes, "Input data length insufficient to hold CouponHashSet");
  EXPECT_NEAR(EstimateOf(results[1], "a.estimate"), 10.0, 0.5);
}

TEST_F(CppEngineTest, LibraryRejectionOfAnArgumentIsAnObservation) {
  const Observations obs = RunCase(R"({"id":"lgk3","family":"hll","ops":[
      {"op":"rel_err","lg_k":12,"upper":0,"unioned":0,"sd":1,"as":"before"},
      {"op":"create","sketch":"a","lg_k":3,"type":"HLL_4"},
      {"op":"query","sketch":"a","queries":["estimate"]}]})");
  EXPECT_EQ(Names(obs), (std::vector<std::string>{"before", "error@op1"}));
  EXPECT_EQ(obs.Find("error@op1")->error_class, "std::invalid_argument");
  EXPECT_EQ(obs.Find("error@op1")->bytes, "Invalid value of k: 3");
}

TEST_F(CppEngineTest, WrapModesAreUnsupportedAndEndTheStage) {
  for (const char* mode : {"wrap", "writable_wrap"}) {
    const Observations obs = RunCase(std::string(R"({"id":"wrap","family":"hll","ops":[
        {"op":"create","sketch":"a","lg_k":10,"type":"HLL_4"},
        {"op":"serialize","sketch":"a","form":"updatable"},
        {"op":"deserialize","sketch":"b","image":"a.updatable","mode":")") + mode + R"("},
        {"op":"query","sketch":"b","queries":["estimate"]}]})");
    EXPECT_EQ(Names(obs), (std::vector<std::string>{"a.updatable", "b.deserialize"})) << mode;
    const Value* v = obs.Find("b.deserialize");
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->kind, Value::Kind::kUnsupported);
    EXPECT_EQ(v->bytes, "wrap is a Java-only operation");
  }
}

TEST_F(CppEngineTest, HeapifyReadsStageImagesBeforeItsOwnFields) {
  hll_sketch other(10, datasketches::HLL_8);
  for (int64_t i = 0; i < 3; ++i) other.update(i);
  const std::string ops = R"({"id":"heapify","family":"hll","ops":[
      {"op":"create","sketch":"a","lg_k":12,"type":"HLL_4"},
      {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":100}},
      {"op":"serialize","sketch":"a","form":"compact"},
      {"op":"deserialize","sketch":"b","image":"a.compact","mode":"heapify"},
      {"op":"query","sketch":"b","queries":["estimate","lg_k"]}]})";
  const Observations own = RunCase(ops);
  EXPECT_NEAR(EstimateOf(own, "b.estimate"), 100.0, 1.0);
  EXPECT_EQ(own.Find("b.lg_k")->bits, 12u);
  const Observations cross = RunCase(ops, {{"a.compact", Image(other.serialize_compact())}});
  EXPECT_NEAR(EstimateOf(cross, "b.estimate"), 3.0, 0.01);
  EXPECT_EQ(cross.Find("b.lg_k")->bits, 10u);
}

TEST_F(CppEngineTest, CrossStageReadsTheWritersImages) {
  const Case& c = Parse(R"({"id":"cross","family":"hll","ops":[
      {"op":"create","sketch":"a","lg_k":11,"type":"HLL_6"},
      {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":4000}},
      {"op":"serialize","sketch":"a","form":"compact"}],
    "cross":{"images":["a.compact"],"ops":[
      {"op":"deserialize","sketch":"b","image":"a.compact","mode":"heapify"},
      {"op":"update","sketch":"b","items":{"gen":"sequence","start":4000,"count":10}},
      {"op":"serialize","sketch":"b","form":"compact"}]}})");
  const auto first = RunStages({PrepareStage(c, c.ops)});
  PreparedStage cross = PrepareStage(c, c.cross->ops);
  cross.images["a.compact"] = first.at(0).Find("a.compact")->bytes;
  const auto second = RunStages({cross});
  hll_sketch expected = hll_sketch::deserialize(cross.images["a.compact"].data(), cross.images["a.compact"].size());
  for (int64_t i = 4000; i < 4010; ++i) expected.update(i);
  ASSERT_NE(second.at(0).Find("b.compact"), nullptr);
  EXPECT_EQ(second.at(0).Find("b.compact")->bytes, Image(expected.serialize_compact()));
}

TEST_F(CppEngineTest, MissingImageEndsTheStageWithAnError) {
  const Observations obs = RunCase(R"({"id":"missing","family":"hll","ops":[
      {"op":"deserialize","sketch":"b","image":"a.compact","mode":"heapify"},
      {"op":"query","sketch":"b","queries":["estimate"]}]})");
  EXPECT_EQ(Names(obs), std::vector<std::string>{"error@op0"});
  EXPECT_EQ(obs.Find("error@op0")->error_class, "dsconform::MissingImage");
}

TEST_F(CppEngineTest, RelErrMatchesTheLibrary) {
  const Observations obs = RunCase(R"({"id":"relerr","family":"hll","ops":[
      {"op":"rel_err","lg_k":12,"upper":0,"unioned":0,"sd":1,"as":"lower"},
      {"op":"rel_err","lg_k":12,"upper":1,"unioned":1,"sd":1,"as":"upper"},
      {"op":"rel_err","lg_k":16,"upper":1,"unioned":0,"sd":3,"as":"big"}]})");
  auto bits = [](double d) {
    uint64_t b;
    std::memcpy(&b, &d, 8);
    return b;
  };
  ASSERT_EQ(Names(obs), (std::vector<std::string>{"lower", "upper", "big"}));
  EXPECT_EQ(obs.Find("lower")->kind, Value::Kind::kDouble);
  EXPECT_EQ(obs.Find("lower")->bits, bits(hll_sketch::get_rel_err(false, false, 12, 1)));
  EXPECT_EQ(obs.Find("upper")->bits, bits(hll_sketch::get_rel_err(true, true, 12, 1)));
  EXPECT_EQ(obs.Find("big")->bits, bits(hll_sketch::get_rel_err(true, false, 16, 3)));
}

TEST_F(CppEngineTest, ResetCopyAndConvertAct) {
  const Observations obs = RunCase(R"({"id":"rcc","family":"hll","ops":[
      {"op":"create","sketch":"a","lg_k":10,"type":"HLL_4"},
      {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":3000}},
      {"op":"copy","sketch":"c","from":"a"},
      {"op":"convert","sketch":"d","from":"a","type":"HLL_8"},
      {"op":"reset","sketch":"a"},
      {"op":"query","sketch":"a","queries":["is_empty"]},
      {"op":"query","sketch":"c","queries":["estimate","type"]},
      {"op":"query","sketch":"d","queries":["estimate","type"]}]})");
  EXPECT_EQ(obs.Find("a.is_empty")->bits, 1u);
  EXPECT_EQ(obs.Find("c.type")->bytes, "HLL_4");
  EXPECT_EQ(obs.Find("d.type")->bytes, "HLL_8");
  EXPECT_EQ(obs.Find("c.estimate")->bits, obs.Find("d.estimate")->bits);
  EXPECT_NEAR(EstimateOf(obs, "c.estimate"), 3000.0, 300.0);
}

TEST_F(CppEngineTest, MalformedProgramIsAnEngineErrorNamingCaseAndStep) {
  const Case& c = Parse(R"({"id":"no-slot","family":"hll","ops":[
      {"op":"create","sketch":"a","lg_k":10,"type":"HLL_4"},
      {"op":"query","sketch":"zz","queries":["estimate"]}]})");
  auto result = engine_->Run({PrepareStage(c, c.ops)});
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.status().message().find("case no-slot: /ops/1: slot 'zz' does not exist"), std::string::npos)
      << result.status();
}

TEST(ItemTape, StopsAtATapeThatEndsInsideAnItem) {
  int seen = 0;
  EXPECT_FALSE(ForEachTapeItem(ItemKind::kLong, std::string(12, '\0'), [&](auto&&...) { ++seen; }));
  EXPECT_EQ(seen, 1);
  seen = 0;
  EXPECT_FALSE(ForEachTapeItem(ItemKind::kString, std::string("\x05\0\0\0abc", 7), [&](auto&&...) { ++seen; }));
  EXPECT_EQ(seen, 0);
  EXPECT_TRUE(ForEachTapeItem(ItemKind::kBytes, std::string("\x00\0\0\0\x01\0\0\0z", 9), [&](auto&&...) { ++seen; }));
  EXPECT_EQ(seen, 2);
}

}  // namespace
}  // namespace dsconform
