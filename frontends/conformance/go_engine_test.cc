// go@<version> (engines/go/, the module datasketches-go built by the Go toolchain) on real cases:
// its hello, real HLL and Tuple sketches through it, read by the native engine, an error for a bad
// image, a library panic contained to its case. Skipped when the build has no Go engine (no source tree or
// module version given, or no Go toolchain).
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engines/go/go_engine_spec.h"
#include "frontends/conformance/port_engine_test_fixture.h"
#include "frontends/conformance/slots_let_go_check.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/engine/declared_steps.h"
#include "harness/engine/process/process_engine.h"
#include "sketches/tuple/tuple_suites.h"
#ifdef DSCONFORM_HAVE_CPP
#include "engines/native/cpp_engine.h"
#endif

namespace dsconform {
namespace {

class GoEngineTest : public PortEngineTest {
 protected:
  void SetUp() override { Start(ParseGoEngineSpec("go"), "go"); }
};

const nlohmann::ordered_json kAllQueries = {"estimate", "composite", "lb1", "lb2", "lb3", "ub1", "ub2",
                                            "ub3", "is_empty", "lg_k", "is_compact", "type", "compact_size",
                                            "updatable_size"};

Case HllSketchCase(const char* type, int64_t n) {
  return CaseBuilder(absl::StrCat("hll/go/sketch/", type, "/", n), "hll.go", "hll")
      .Step("create", "a", {{"lg_k", 11}, {"type", type}})
      .Update("a", Sequence(-1000, n))
      .Step("serialize", "a", {{"form", "compact"}})
      .Step("serialize", "a", {{"form", "updatable"}})
      .Step("query", "a", {{"queries", kAllQueries}})
      .Build();
}

TEST_F(GoEngineTest, NamesItselfAfterTheModuleAndDeclaresItsFamilies) {
  EXPECT_TRUE(absl::StartsWith(factory_->name(), "go@")) << factory_->name();
  auto engine = factory_->Create();
  ASSERT_TRUE(engine.ok());
  for (const char* family : {"hll", "theta", "cpc", "fi", "kll", "tuple", "req"})
    EXPECT_TRUE((*engine)->SupportsFamily(family)) << family;
}

TEST_F(GoEngineTest, LetsGoOfTheSlotsTheHarnessNames) { ExpectSlotsLetGoWhenTold(*factory_); }

TEST_F(GoEngineTest, EstimatesAndImagesAreThoseOfAnHllSketch) {
  const Observations obs = RunOne(HllSketchCase("HLL_4", 3000));
  ASSERT_NE(obs.Find("a.estimate"), nullptr) << obs.fields.size();
  EXPECT_NEAR(obs.Find("a.estimate")->AsDouble(), 3000, 3000 * 0.1);
  ASSERT_NE(obs.Find("a.compact"), nullptr);
  EXPECT_EQ(obs.Find("a.compact")->kind, Value::Kind::kBytes);
  EXPECT_EQ(static_cast<int64_t>(obs.Find("a.compact_size")->bits),
            static_cast<int64_t>(obs.Find("a.compact")->bytes.size()));
  EXPECT_EQ(static_cast<int64_t>(obs.Find("a.updatable_size")->bits),
            static_cast<int64_t>(obs.Find("a.updatable")->bytes.size()));
  EXPECT_EQ(obs.Find("a.type")->bytes, "HLL_4");
  EXPECT_EQ(obs.Find("a.lg_k")->bits, 11u);
  ASSERT_NE(obs.Find("a.is_compact"), nullptr);  // no such method in the module
  EXPECT_EQ(obs.Find("a.is_compact")->kind, Value::Kind::kUnsupported);
}

TEST_F(GoEngineTest, ABadImageIsAnErrorOfTheModule) {
  const Case c = CaseBuilder("hll/go/bad_image", "hll.go", "hll")
                     .Step("deserialize", "b", {{"image", "x.compact"}, {"mode", "heapify"}})
                     .Step("query", "b", {{"queries", {"estimate"}}})
                     .Build();
  const Observations obs = Run(*factory_, c, c.ops, {{"x.compact", std::string("\x02\x01\x07\x0b\x03\x08", 6)}});
  ASSERT_EQ(obs.fields.size(), 1u);
  EXPECT_EQ(obs.fields[0].name, "error@op0");
  EXPECT_NE(obs.fields[0].value.error_class, "panic");
  EXPECT_TRUE(absl::StrContains(obs.fields[0].value.bytes, "too small")) << obs.fields[0].value.bytes;
}

// The module slices an HLL_6 image's registers without checking its length: a truncated image
// panics (slice bounds out of range). The panic is recovered, is the error of that case's step,
// and the engine answers the next stage.
TEST_F(GoEngineTest, APanicOfTheModuleIsAnErrorOfItsCaseAndTheEngineGoesOn) {
  const Observations written = RunOne(HllSketchCase("HLL_6", 5000));
  ASSERT_NE(written.Find("a.compact"), nullptr);
  const std::string truncated = written.Find("a.compact")->bytes.substr(0, 41);
  const Case bad = CaseBuilder("hll/go/truncated", "hll.go", "hll")
                       .Step("deserialize", "b", {{"image", "x.compact"}, {"mode", "heapify"}})
                       .Step("query", "b", {{"queries", {"estimate"}}})
                       .Build();
  const Case after = HllSketchCase("HLL_8", 100);
  auto engine = factory_->Create();
  ASSERT_TRUE(engine.ok()) << engine.status();
  PreparedStage stages[] = {PrepareStage(bad, bad.ops), PrepareStage(after, after.ops)};
  stages[0].images = {{"x.compact", truncated}};
  auto out = RunDeclaredSteps(**engine, absl::MakeConstSpan(stages));
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 2u);
  const Observations& panicked = (*out)[0];
  ASSERT_EQ(panicked.fields.size(), 1u) << panicked.fields[0].name;
  EXPECT_EQ(panicked.fields[0].name, "error@op0");
  EXPECT_EQ(panicked.fields[0].value.error_class, "panic");
  EXPECT_TRUE(absl::StrContains(panicked.fields[0].value.bytes, "out of range")) << panicked.fields[0].value.bytes;
  ASSERT_NE((*out)[1].Find("a.estimate"), nullptr);
  EXPECT_NEAR((*out)[1].Find("a.estimate")->AsDouble(), 100, 10);
}

#ifdef DSCONFORM_HAVE_CPP
// What the module writes, datasketches-cpp reads, and estimates alike bit for bit.
TEST_F(GoEngineTest, ItsImagesReadByTheNativeEngineEstimateAlike) {
  auto cpp = MakeCppEngineFactory();
  for (const char* type : {"HLL_4", "HLL_6", "HLL_8"}) {
    for (int64_t n : {0, 5, 300, 20000}) {
      const Case c = HllSketchCase(type, n);
      const Observations go = RunOne(c);
      ASSERT_NE(go.Find("a.compact"), nullptr) << type << n;
      const std::vector<Op> read = CaseBuilder("hll/go/read", "hll.go", "hll")
                                       .Step("deserialize", "r", {{"image", "a.compact"}, {"mode", "heapify"}})
                                       .Step("query", "r", {{"queries", {"estimate", "lb2", "ub2", "is_empty"}}})
                                       .Build()
                                       .ops;
      const Observations native = Run(*cpp, c, read, {{"a.compact", go.Find("a.compact")->bytes}});
      for (const char* q : {"estimate", "lb2", "ub2", "is_empty"}) {
        const Value* mine = go.Find(absl::StrCat("a.", q));
        const Value* theirs = native.Find(absl::StrCat("r.", q));
        ASSERT_TRUE(mine != nullptr && theirs != nullptr) << type << " " << n << " " << q;
        EXPECT_EQ(mine->bits, theirs->bits) << type << " " << n << " " << q;
      }
    }
  }
}

// The wing's double and int summaries are written as datasketches-cpp's default serde writes them
// (the value only: 8 and 4 bytes), the module's array-of-numbers sketch as C++'s array of doubles:
// C++ reads each image into the same entries, summaries and estimate, keys hit twice included.
TEST_F(GoEngineTest, ItsTupleImagesReadByTheNativeEngineHoldTheSameSummaries) {
  auto cpp = MakeCppEngineFactory();
  const std::vector<std::string> queries = {"estimate", "lb2", "retained", "is_empty", "summaries"};
  for (const TupleSummary& s : {TupleSummary{"double_sum", 0}, TupleSummary{"int_min", 0}, TupleSummary{"aod", 3}}) {
    for (int64_t n : {0, 1, 40, 3000}) {
      nlohmann::ordered_json create = s.members();
      create["lg_k"] = 8;
      const Case c = CaseBuilder(absl::StrCat("tuple/go/read/", s.id(), "/n=", n), "tuple.go", "tuple")
                         .Step("create", "a", create)
                         .Update("a", Sequence(-50, n), TupleValues(s, -3, 5))
                         .Update("a", Sequence(0, n), TupleValues(s, 7, 1))
                         .Step("serialize", "a", {{"form", "compact"}})
                         .Step("query", "a", {{"queries", queries}})
                         .Build();
      const Observations go = RunOne(c);
      ASSERT_NE(go.Find("a.compact"), nullptr) << c.id;
      nlohmann::ordered_json read = s.members();
      read["image"] = "a.compact";
      read["mode"] = "heapify";
      const std::vector<Op> ops = CaseBuilder("tuple/go/read", "tuple.go", "tuple")
                                      .Step("deserialize", "r", read)
                                      .Step("query", "r", {{"queries", queries}})
                                      .Build()
                                      .ops;
      const Observations native = Run(*cpp, c, ops, {{"a.compact", go.Find("a.compact")->bytes}});
      for (const std::string& q : queries) {
        const Value* mine = go.Find("a." + q);
        const Value* theirs = native.Find("r." + q);
        ASSERT_TRUE(mine != nullptr && theirs != nullptr) << c.id << " " << q;
        EXPECT_EQ(mine->bits, theirs->bits) << c.id << " " << q;
        EXPECT_EQ(mine->bytes, theirs->bytes) << c.id << " " << q;
      }
      if (n > 0) {
        EXPECT_NE(go.Find("a.summaries")->bytes, "") << c.id;
      }
    }
  }
}

// Every family the engine runs, at smoke scale beside the native engine: each record equal, known
// (a finding's rule) or unsupported.
TEST_F(GoEngineTest, AgreesWithTheNativeEngineAtSmokeScaleBeyondTheKnownDifferences) {
  auto cpp = MakeCppEngineFactory();
  ExpectSmokeAgreement(*cpp, {"hll", "theta", "cpc", "fi", "kll", "tuple", "tdigest", "bloom", "req"}, 1000);
}
#endif

}  // namespace
}  // namespace dsconform
