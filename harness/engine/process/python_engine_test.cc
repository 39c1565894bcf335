// python@<version> (harness/engine/python/dsconform_python_engine.py) on real
// HLL cases; skipped when scripts/python-engine-setup has not run.
#include <map>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/engine/process/process_engine.h"
#include "harness/engine/process/process_engine_spec.h"
#include "harness/family/family.h"
#include "harness/run/runner.h"
#ifdef DSCONFORM_HAVE_CPP
#include "sketches/native/cpp_engine.h"
#endif

namespace dsconform {
namespace {

class CollectingSink : public RecordSink {
 public:
  absl::Status Write(const Record& r) override {
    records.push_back(r);
    return absl::OkStatus();
  }
  std::vector<Record> records;
};

class PythonEngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto spec = ParseProcessEngineSpec("python");
    if (!spec.ok()) GTEST_SKIP() << "no python engine: " << spec.status().message();
    auto factory = MakeProcessEngineFactory(**spec);
    ASSERT_TRUE(factory.ok()) << factory.status();
    factory_ = std::move(*factory);
  }

  // Runs one first stage and returns its observations.
  Observations RunOne(const Case& c) {
    auto engine = factory_->Create();
    EXPECT_TRUE(engine.ok()) << engine.status();
    const PreparedStage stage = PrepareStage(c, c.ops);
    auto out = (*engine)->Run(absl::MakeConstSpan(&stage, 1));
    EXPECT_TRUE(out.ok()) << out.status();
    return out.ok() && out->size() == 1 ? (*out)[0] : Observations();
  }

  std::unique_ptr<EngineFactory> factory_;
};

ItemStream Items(ItemGenerator g, int64_t count, uint64_t seed = 1) {
  ItemStream s;
  s.generator = g;
  s.seed = seed;
  s.count = count;
  return s;
}

// Hand-written cases touching every HLL step, item kind and query.
std::vector<Case> HandPickedCases() {
  const nlohmann::ordered_json all = {"estimate", "composite",  "lb1",  "lb2",          "lb3",           "ub1",
                                      "ub2",      "ub3",        "is_empty", "lg_k",     "is_compact",    "type",
                                      "compact_size", "updatable_size"};
  std::vector<Case> cases;
  for (const char* type : {"HLL_4", "HLL_6", "HLL_8"}) {
    cases.push_back(CaseBuilder(absl::StrCat("hll/py/sketch/", type), "hll.py", "hll")
                        .Step("create", "a", {{"lg_k", 12}, {"type", type}})
                        .Update("a", Sequence(-1000, 3072))
                        .Step("serialize", "a", {{"form", "compact"}})
                        .Step("serialize", "a", {{"form", "updatable"}})
                        .Step("query", "a", {{"queries", all}})
                        .Build());
  }
  cases.push_back(CaseBuilder("hll/py/doubles", "hll.py", "hll")
                      .Step("create", "a", {{"lg_k", 10}, {"type", "HLL_8"}})
                      .Update("a", Items(ItemGenerator::kDoubles, 2000, 7))
                      .Step("serialize", "a", {{"form", "compact"}})
                      .Step("query", "a", {{"queries", {"estimate"}}})
                      .Build());
  for (auto g : {ItemGenerator::kUtf8Strings, ItemGenerator::kAsciiStrings}) {
    cases.push_back(CaseBuilder(absl::StrCat("hll/py/strings/", static_cast<int>(g)), "hll.py", "hll")
                        .Step("create", "a", {{"lg_k", 8}, {"type", "HLL_6"}})
                        .Update("a", Items(g, 500))
                        .Step("serialize", "a", {{"form", "updatable"}})
                        .Build());
  }
  cases.push_back(CaseBuilder("hll/py/union", "hll.py", "hll")
                      .Step("create", "a", {{"lg_k", 11}, {"type", "HLL_4"}})
                      .Update("a", Random(3, 5000))
                      .Step("create", "b", {{"lg_k", 13}, {"type", "HLL_8"}})
                      .Update("b", Random(4, 3000))
                      .Step("union", "u", {{"lg_max_k", 12}})
                      .Step("merge", "u", {{"from", "a"}, {"how", "copy"}})
                      .Step("merge", "u", {{"from", "b"}, {"how", "copy"}})
                      .Update("u", Sequence(0, 100))
                      .Step("query", "u", {{"queries", {"estimate", "lb2", "ub2", "is_empty", "lg_k"}}})
                      .Step("result", "r", {{"from", "u"}, {"type", "HLL_8"}})
                      .Step("serialize", "r", {{"form", "compact"}})
                      .Step("reset", "u")
                      .Step("query", "u", {{"queries", {"estimate", "is_empty"}}, {"as", "after_reset"}})
                      .Step("rel_err", "", {{"lg_k", 12}, {"upper", 1}, {"unioned", 0}, {"sd", 2}, {"as", "re"}})
                      .Build());
  cases.push_back(CaseBuilder("hll/py/heapify", "hll.py", "hll")
                      .Step("create", "a", {{"lg_k", 9}, {"type", "HLL_4"}})
                      .Update("a", Sequence(0, 2000))
                      .Step("serialize", "a", {{"form", "compact"}})
                      .Step("deserialize", "b", {{"image", "a.compact"}, {"mode", "heapify"}})
                      .Update("b", Sequence(5000, 10))
                      .Step("serialize", "b", {{"form", "updatable"}, {"as", "b2"}})
                      .Build());
  cases.push_back(CaseBuilder("hll/py/throws", "hll.py", "hll")
                      .Step("create", "a", {{"lg_k", 3}, {"type", "HLL_4"}})
                      .Step("serialize", "a", {{"form", "compact"}})
                      .Build());
  return cases;
}

TEST_F(PythonEngineTest, NamesItselfAfterTheWheel) {
  EXPECT_TRUE(absl::StartsWith(factory_->name(), "python@")) << factory_->name();
  auto engine = factory_->Create();
  ASSERT_TRUE(engine.ok());
  EXPECT_TRUE((*engine)->SupportsFamily("hll"));
}

TEST_F(PythonEngineTest, EstimatesAndImagesAreThoseOfAnHllSketch) {
  const Observations obs = RunOne(HandPickedCases()[0]);
  ASSERT_NE(obs.Find("a.estimate"), nullptr) << obs.fields.size();
  EXPECT_NEAR(obs.Find("a.estimate")->AsDouble(), 3072, 3072 * 0.05);
  ASSERT_NE(obs.Find("a.compact"), nullptr);
  EXPECT_EQ(obs.Find("a.compact")->kind, Value::Kind::kBytes);
  EXPECT_EQ(static_cast<int64_t>(obs.Find("a.compact_size")->bits),
            static_cast<int64_t>(obs.Find("a.compact")->bytes.size()));
  EXPECT_EQ(obs.Find("a.type")->bytes, "HLL_4");
  EXPECT_EQ(obs.Find("a.composite")->kind, Value::Kind::kUnsupported);  // not in the binding
}

TEST_F(PythonEngineTest, StepsTheBindingLacksAreUnsupportedAndOtherSlotsGoOn) {
  const Case c = CaseBuilder("hll/py/unsupported", "hll.py", "hll")
                     .Step("create", "a", {{"lg_k", 8}, {"type", "HLL_4"}})
                     .Update("a", Sequence(0, 100))
                     .Step("copy", "c", {{"from", "a"}})
                     .Step("union", "u", {{"lg_max_k", 8}})
                     .Step("merge", "u", {{"from", "c"}, {"how", "copy"}})
                     .Step("union", "m", {{"lg_max_k", 8}})
                     .Step("merge", "m", {{"from", "a"}, {"how", "move"}})
                     .Step("create", "b", {{"lg_k", 8}, {"type", "HLL_4"}})
                     .Update("b", Items(ItemGenerator::kByteArrays, 10))
                     .Step("serialize", "a", {{"form", "compact"}})
                     .Build();
  const Observations obs = RunOne(c);
  for (const char* f : {"c.copy", "u.merge", "m.merge", "b.update"}) {
    ASSERT_NE(obs.Find(f), nullptr) << f;
    EXPECT_EQ(obs.Find(f)->kind, Value::Kind::kUnsupported) << f;
  }
  ASSERT_NE(obs.Find("a.compact"), nullptr);  // slot a was never touched by the unsupported steps
  EXPECT_EQ(obs.Find("a.compact")->kind, Value::Kind::kBytes);
}

TEST_F(PythonEngineTest, ALibraryExceptionIsAnErrorObservation) {
  const Observations obs = RunOne(HandPickedCases().back());
  ASSERT_EQ(obs.fields.size(), 1u);
  EXPECT_EQ(obs.fields[0].name, "error@op0");
  EXPECT_EQ(obs.fields[0].value.error_class, "ValueError");
}

#ifdef DSCONFORM_HAVE_CPP
// The wheel is a build of datasketches-cpp: on the same version, every field
// both engines produce must be equal bit for bit.
TEST_F(PythonEngineTest, AgreesWithTheNativeEngineBitForBit) {
  std::vector<Case> cases = HandPickedCases();
  for (const Suite* suite : FindFamily("hll")->suites())
    for (Case& c : suite->Generate(SuiteScale::kSmoke)) cases.push_back(std::move(c));
  std::vector<IndexedCase> indexed;
  for (size_t i = 0; i < cases.size(); ++i) indexed.push_back({static_cast<int64_t>(i), &cases[i]});

  auto cpp = MakeCppEngineFactory();
  const std::string cpp_version = cpp->name().substr(cpp->name().find('@') + 1);
  const std::string py_version = factory_->name().substr(factory_->name().find('@') + 1);
  if (cpp_version != py_version)
    GTEST_SKIP() << "the native engine is " << cpp->name() << ", the wheel " << factory_->name();
  auto workers = CreateEngines({cpp.get(), factory_.get()}, 1);
  ASSERT_TRUE(workers.ok()) << workers.status();
  RunOptions options;
  CollectingSink sink;
  auto stats = RunCases(indexed, *workers, options, sink, nullptr);
  ASSERT_TRUE(stats.ok()) << stats.status();
  std::map<std::string, int> verdicts;
  int compared = 0;
  for (const Record& r : sink.records) {
    // Invariant records judge one engine alone (the library's own behaviour); this test compares the two.
    if (r.reference == r.candidate) continue;
    ++verdicts[VerdictName(r.verdict)];
    compared += r.fields_compared;
    EXPECT_TRUE(r.verdict == Verdict::kEqual || r.verdict == Verdict::kUnsupported) << RecordToJson(r).dump(1);
  }
  EXPECT_GT(compared, 1000);
  for (const auto& [v, n] : verdicts) std::printf("%s: %d records\n", v.c_str(), n);
  std::printf("%d fields compared over %zu cases\n", compared, cases.size());
}
#endif

}  // namespace
}  // namespace dsconform
