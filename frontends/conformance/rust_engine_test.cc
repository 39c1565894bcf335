// rust@<version> (engines/rust/, the datasketches crate built by cargo) on real cases: its hello,
// real HLL and Tuple sketches through it, against the native engine, an error for a bad image, a
// library panic contained to its case. Skipped when the build has no Rust engine (no cargo).
#include <limits>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engines/rust/rust_engine_spec.h"
#include "frontends/conformance/port_engine_test_fixture.h"
#include "frontends/conformance/slots_let_go_check.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/engine/declared_steps.h"
#include "harness/engine/process/process_engine.h"
#include "sketches/compiled_families.h"
#ifdef DSCONFORM_HAVE_CPP
#include "engines/native/cpp_engine.h"
#endif

namespace dsconform {
namespace {

class RustEngineTest : public PortEngineTest {
 protected:
  void SetUp() override { Start(ParseRustEngineSpec("rust"), "rust"); }
};

const nlohmann::ordered_json kAllQueries = {"estimate", "composite", "lb1", "lb2", "lb3", "ub1", "ub2",
                                            "ub3", "is_empty", "lg_k", "is_compact", "type", "compact_size",
                                            "updatable_size"};

Case HllSketchCase(const char* type, int64_t n) {
  return CaseBuilder(absl::StrCat("hll/rs/sketch/", type, "/", n), "hll.rs", "hll")
      .Step("create", "a", {{"lg_k", 11}, {"type", type}})
      .Update("a", Sequence(-1000, n))
      .Step("serialize", "a", {{"form", "compact"}})
      .Step("query", "a", {{"queries", kAllQueries}})
      .Build();
}

// The default engine is the crate's newest release, which has every family the harness has.
TEST_F(RustEngineTest, NamesItselfAfterTheCrateAndDeclaresItsFamilies) {
  EXPECT_TRUE(absl::StartsWith(factory_->name(), "rust@")) << factory_->name();
  auto engine = factory_->Create();
  ASSERT_TRUE(engine.ok());
  for (const char* family : {"hll", "theta", "cpc", "fi", "kll", "tuple", "tdigest", "bloom", "req"})
    EXPECT_TRUE((*engine)->SupportsFamily(family)) << family;
  EXPECT_FALSE((*engine)->SupportsFamily("density"));  // no such family in the harness
}

TEST_F(RustEngineTest, LetsGoOfTheSlotsTheHarnessNames) { ExpectSlotsLetGoWhenTold(*factory_); }

TEST_F(RustEngineTest, EstimatesAndImagesAreThoseOfAnHllSketch) {
  const Observations obs = RunOne(HllSketchCase("HLL_4", 3000));
  ASSERT_NE(obs.Find("a.estimate"), nullptr) << obs.fields.size();
  EXPECT_NEAR(obs.Find("a.estimate")->AsDouble(), 3000, 3000 * 0.1);
  ASSERT_NE(obs.Find("a.compact"), nullptr);
  EXPECT_EQ(obs.Find("a.compact")->kind, Value::Kind::kBytes);
  EXPECT_EQ(static_cast<int64_t>(obs.Find("a.compact_size")->bits),
            static_cast<int64_t>(obs.Find("a.compact")->bytes.size()));
  EXPECT_EQ(obs.Find("a.type")->bytes, "HLL_4");
  EXPECT_EQ(obs.Find("a.lg_k")->bits, 11u);
  for (const char* q : {"a.is_compact", "a.updatable_size"}) {  // no such methods in the crate
    ASSERT_NE(obs.Find(q), nullptr) << q;
    EXPECT_EQ(obs.Find(q)->kind, Value::Kind::kUnsupported) << q;
  }
}

TEST_F(RustEngineTest, VariantsTheCrateLacksAreUnsupportedAndOtherSlotsGoOn) {
  const Case c = CaseBuilder("hll/rs/unsupported", "hll.rs", "hll")
                     .Step("create", "a", {{"lg_k", 8}, {"type", "HLL_8"}})
                     .Update("a", Sequence(0, 100))
                     .Step("create", "b", {{"lg_k", 8}, {"type", "HLL_8"}})
                     .Step("serialize", "b", {{"form", "updatable"}})
                     .Step("query", "b", {{"queries", {"estimate"}}})

                     .Step("union", "m", {{"lg_max_k", 8}})
                     .Step("merge", "m", {{"from", "a"}, {"how", "move"}})
                     .Step("query", "m", {{"queries", {"estimate"}}})
                     .Step("convert", "c", {{"from", "a"}, {"type", "HLL_4"}})
                     .Step("serialize", "a", {{"form", "compact"}})
                     .Build();
  const Observations obs = RunOne(c);
  for (const char* f : {"b.updatable", "m.merge", "c.convert"}) {
    ASSERT_NE(obs.Find(f), nullptr) << f;
    EXPECT_EQ(obs.Find(f)->kind, Value::Kind::kUnsupported) << f;
  }
  // A form the crate lacks leaves its slot usable; a step it lacks does not (the differ counts
  // the fields of m unsupported from there on).
  ASSERT_NE(obs.Find("b.estimate"), nullptr);
  EXPECT_EQ(obs.Find("b.estimate")->kind, Value::Kind::kDouble);
  EXPECT_EQ(obs.Find("m.estimate"), nullptr);
  ASSERT_NE(obs.Find("a.compact"), nullptr);
  EXPECT_EQ(obs.Find("a.compact")->kind, Value::Kind::kBytes);
}

TEST_F(RustEngineTest, ABadImageIsAnErrorOfTheCrate) {
  const Case c = CaseBuilder("hll/rs/bad_image", "hll.rs", "hll")
                     .Step("deserialize", "b", {{"image", "x.compact"}, {"mode", "heapify"}})
                     .Step("query", "b", {{"queries", {"estimate"}}})
                     .Build();
  const Observations obs = Run(*factory_, c, c.ops, {{"x.compact", std::string("\x02\x01\x07\x0b\x03\x08", 6)}});
  ASSERT_EQ(obs.fields.size(), 1u);
  EXPECT_EQ(obs.fields[0].name, "error@op0");
  EXPECT_TRUE(absl::StartsWith(obs.fields[0].value.error_class, "datasketches::error::ErrorKind::"))
      << obs.fields[0].value.error_class;
}

// The crate panics where its stream weight would overflow u64 ("total stream weight overflow"):
// the panic is caught, is the error of that case's step, and the engine answers the next stage.
TEST_F(RustEngineTest, APanicOfTheCrateIsAnErrorOfItsCaseAndTheEngineGoesOn) {
  const Case overflow = CaseBuilder("fi/rs/overflow", "fi.rs", "fi")
                            .Step("create", "a", {{"item", "long"}, {"lg_max_map_size", 3}})
                            .Update("a", Sequence(0, 3), {{"weight", std::numeric_limits<int64_t>::max()}})
                            .Step("query", "a", {{"queries", {"total_weight"}}})
                            .Build();
  const Case after = HllSketchCase("HLL_8", 100);
  auto engine = factory_->Create();
  ASSERT_TRUE(engine.ok()) << engine.status();
  const PreparedStage stages[] = {PrepareStage(overflow, overflow.ops), PrepareStage(after, after.ops)};
  auto out = RunDeclaredSteps(**engine, absl::MakeConstSpan(stages));
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 2u);
  const Observations& panicked = (*out)[0];
  ASSERT_EQ(panicked.fields.size(), 1u) << panicked.fields[0].name;
  EXPECT_EQ(panicked.fields[0].name, "error@op1");
  EXPECT_EQ(panicked.fields[0].value.error_class, "panic");
  EXPECT_TRUE(absl::StrContains(panicked.fields[0].value.bytes, "overflow")) << panicked.fields[0].value.bytes;
  ASSERT_NE((*out)[1].Find("a.estimate"), nullptr);
  EXPECT_NEAR((*out)[1].Find("a.estimate")->AsDouble(), 100, 10);
}

const nlohmann::ordered_json kTupleQueries = {"estimate", "lb2", "ub2", "theta_long", "retained", "is_empty",
                                              "summaries"};

// Two sketches of one summary over overlapping keys (each key updated twice, an int summary past
// INT32_MAX), their union and intersection: every summary policy at work.
Case TupleCase(const std::string& summary) {
  const nlohmann::ordered_json s = {{"summary", summary}, {"lg_k", 6}};
  return CaseBuilder("tuple/rs/" + summary, "tuple.rs", "tuple")
      .Step("create", "a", s)
      .Update("a", Sequence(0, 300), {{"value", "5"}, {"value_step", "-1"}})
      .Update("a", Sequence(0, 100), {{"value", "2147483647"}, {"value_step", "3"}})
      .Step("create", "b", s)
      .Update("b", Sequence(150, 300), {{"value", "-7"}})
      .Step("union", "u", s)
      .Step("merge", "u", {{"from", "a"}})
      .Step("merge", "u", {{"from", "b"}})
      .Step("result", "r", {{"from", "u"}})
      .Step("intersection", "i", {{"summary", summary}})
      .Step("merge", "i", {{"from", "a"}})
      .Step("merge", "i", {{"from", "b"}})
      .Step("result", "ir", {{"from", "i"}})
      .Step("query", "a", {{"queries", kTupleQueries}})
      .Step("query", "r", {{"queries", kTupleQueries}})
      .Step("query", "ir", {{"queries", kTupleQueries}})
      .Step("serialize", "r", {{"form", "compact"}})
      .Step("serialize", "ir", {{"form", "compact"}})
      .Build();
}

TEST_F(RustEngineTest, TupleVariantsTheCrateLacksAreUnsupportedAndOtherSlotsGoOn) {
  const Case c = CaseBuilder("tuple/rs/unsupported", "tuple.rs", "tuple")
                     .Step("create", "d", {{"summary", "aod"}, {"lg_k", 6}})
                     .Step("create_theta", "t", {{"lg_k", 6}})
                     .Update("t", Sequence(0, 10))
                     .Step("create", "a", {{"summary", "double_sum"}, {"lg_k", 6}})
                     .Update("a", Sequence(5, 10))
                     .Step("union", "u", {{"summary", "double_sum"}, {"lg_k", 6}})
                     .Step("merge", "u", {{"from", "t"}})
                     .Step("jaccard", "a", {{"with", "t"}, {"summary", "double_sum"}, {"as", "j"}})
                     .Step("serialize", "a", {{"form", "updatable"}})
                     .Step("query", "t", {{"queries", {"estimate"}}})
                     .Step("query", "a", {{"queries", {"estimate"}}})
                     .Build();
  const Observations obs = RunOne(c);
  for (const char* f : {"d.create", "u.merge", "j.jaccard", "a.updatable"}) {
    ASSERT_NE(obs.Find(f), nullptr) << f;
    EXPECT_EQ(obs.Find(f)->kind, Value::Kind::kUnsupported) << f;
  }
  // The theta sketch and the tuple sketch it could not enter go on.
  ASSERT_NE(obs.Find("t.estimate"), nullptr);
  EXPECT_EQ(obs.Find("t.estimate")->AsDouble(), 10);
  ASSERT_NE(obs.Find("a.estimate"), nullptr);
  EXPECT_EQ(obs.Find("a.estimate")->AsDouble(), 10);
}

#ifdef DSCONFORM_HAVE_CPP
// What the crate writes, datasketches-cpp reads, and estimates alike bit for bit.
TEST_F(RustEngineTest, ItsImagesReadByTheNativeEngineEstimateAlike) {
  auto cpp = MakeCppEngineFactory();
  for (const char* type : {"HLL_4", "HLL_6", "HLL_8"}) {
    for (int64_t n : {0, 5, 300, 20000}) {
      const Case c = HllSketchCase(type, n);
      const Observations rust = RunOne(c);
      ASSERT_NE(rust.Find("a.compact"), nullptr) << type << n;
      const std::vector<Op> read = CaseBuilder("hll/rs/read", "hll.rs", "hll")
                                       .Step("deserialize", "r", {{"image", "a.compact"}, {"mode", "heapify"}})
                                       .Step("query", "r", {{"queries", {"estimate", "lb2", "ub2", "is_empty"}}})
                                       .Build()
                                       .ops;
      const Observations native = Run(*cpp, c, read, {{"a.compact", rust.Find("a.compact")->bytes}});
      for (const char* q : {"estimate", "lb2", "ub2", "is_empty"}) {
        const Value* mine = rust.Find(absl::StrCat("a.", q));
        const Value* theirs = native.Find(absl::StrCat("r.", q));
        ASSERT_TRUE(mine != nullptr && theirs != nullptr) << type << " " << n << " " << q;
        EXPECT_EQ(mine->bits, theirs->bits) << type << " " << n << " " << q;
      }
    }
  }
}

// Every summary mode: the crate's sketches, unions and intersections answer as datasketches-cpp's
// (the native engine's policies for the modes C++ lacks) bit for bit, summaries included, and
// their ordered images are C++'s bytes (the crate writes C++'s summary widths).
TEST_F(RustEngineTest, TupleSketchesOfEverySummaryAnswerAsTheNativeEngine) {
  auto cpp = MakeCppEngineFactory();
  for (const char* summary : {"double_sum", "double_min", "double_max", "double_always_one", "int_sum", "int_min",
                              "int_max", "int_always_one"}) {
    const Case c = TupleCase(summary);
    const Observations rust = RunOne(c);
    const Observations native = Run(*cpp, c, c.ops);
    ASSERT_FALSE(native.fields.empty()) << summary;
    for (const Field& theirs : native.fields) {
      const Value* mine = rust.Find(theirs.name);
      ASSERT_NE(mine, nullptr) << summary << " " << theirs.name;
      EXPECT_EQ(mine->kind, theirs.value.kind) << summary << " " << theirs.name;
      EXPECT_EQ(mine->bits, theirs.value.bits) << summary << " " << theirs.name;
      EXPECT_EQ(mine->bytes, theirs.value.bytes) << summary << " " << theirs.name;
    }
    EXPECT_EQ(rust.fields.size(), native.fields.size()) << summary;
  }
}

// Every family the engine runs, at smoke scale beside the native engine: each record equal, known
// (a finding's rule) or unsupported.
TEST_F(RustEngineTest, AgreesWithTheNativeEngineAtSmokeScaleBeyondTheKnownDifferences) {
  auto cpp = MakeCppEngineFactory();
  ExpectSmokeAgreement(*cpp, {"hll", "theta", "cpc", "fi", "kll", "tuple", "tdigest", "bloom", "req"}, 1000);
}
#endif

}  // namespace
}  // namespace dsconform
