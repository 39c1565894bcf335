// End-to-end tests of the Java engine: a real JVM (with -Xcheck:jni), real datasketches-java jars
// staged by the build. One JVM per process: every test asks for it with the same options.
#include "java-bridge/java_engine.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "java-bridge/jvm.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

JvmOptions TestJvmOptions() {
  JvmOptions o;
  o.check_jni = true;  // reports any JNI call made with an exception pending
  o.max_heap = "1g";
  return o;
}

std::unique_ptr<Engine> MakeEngine(const std::string& name) {
  auto spec = ParseJavaEngineSpec(name);
  EXPECT_TRUE(spec.ok()) << spec.status();
  spec->jvm = TestJvmOptions();
  auto factory = MakeJavaEngineFactory(*spec);
  EXPECT_TRUE(factory.ok()) << factory.status();
  if (!factory.ok()) return nullptr;
  auto engine = (*factory)->Create();
  EXPECT_TRUE(engine.ok()) << engine.status();
  return engine.ok() ? std::move(*engine) : nullptr;
}

Case ParseCase(const std::string& json) {
  auto c = CaseFromJson(nlohmann::json::parse(json));
  EXPECT_TRUE(c.ok()) << c.status();
  return *c;
}

// Three cases covering every step of the HLL vocabulary.
std::vector<Case> HllCases() {
  return {
      ParseCase(R"({"id": "sketch", "family": "hll", "ops": [
        {"op": "create", "sketch": "a", "lg_k": 12, "type": "HLL_4"},
        {"op": "update", "sketch": "a", "items": {"gen": "sequence", "start": 0, "count": 1000}},
        {"op": "serialize", "sketch": "a", "form": "compact"},
        {"op": "serialize", "sketch": "a", "form": "updatable"},
        {"op": "query", "sketch": "a", "queries": ["estimate", "composite", "lb1", "ub1", "is_empty", "is_compact",
                                                   "lg_k", "type", "compact_size", "updatable_size"]}]})"),
      ParseCase(R"({"id": "union", "family": "hll", "ops": [
        {"op": "create", "sketch": "a", "lg_k": 10, "type": "HLL_8"},
        {"op": "update", "sketch": "a", "items": {"gen": "splitmix64", "seed": 1, "count": 5000}},
        {"op": "create", "sketch": "b", "lg_k": 12, "type": "HLL_6"},
        {"op": "update", "sketch": "b", "items": {"gen": "utf8_strings", "start": 0, "count": 300}},
        {"op": "union", "sketch": "u", "lg_max_k": 11},
        {"op": "merge", "sketch": "u", "from": "a", "how": "copy"},
        {"op": "merge", "sketch": "u", "from": "b", "how": "move"},
        {"op": "query", "sketch": "u", "queries": ["estimate", "lg_k", "is_empty"]},
        {"op": "result", "sketch": "r", "from": "u", "type": "HLL_4"},
        {"op": "serialize", "sketch": "r", "form": "compact", "as": "res"},
        {"op": "serialize", "sketch": "u", "form": "updatable"},
        {"op": "rel_err", "lg_k": 11, "upper": 1, "unioned": 1, "sd": 2, "as": "re"}]})"),
      ParseCase(R"({"id": "roundtrip", "family": "hll", "ops": [
        {"op": "create", "sketch": "a", "lg_k": 8, "type": "HLL_6"},
        {"op": "update", "sketch": "a", "items": {"gen": "doubles", "seed": 7, "count": 100}},
        {"op": "update", "sketch": "a", "items": {"gen": "byte_arrays", "seed": 3, "count": 100}},
        {"op": "serialize", "sketch": "a", "form": "compact"},
        {"op": "deserialize", "sketch": "h", "image": "a.compact", "mode": "heapify"},
        {"op": "deserialize", "sketch": "w", "image": "a.compact", "mode": "wrap"},
        {"op": "serialize", "sketch": "a", "form": "updatable"},
        {"op": "deserialize", "sketch": "ww", "image": "a.updatable", "mode": "writable_wrap"},
        {"op": "update", "sketch": "ww", "items": {"gen": "sequence", "start": 0, "count": 10}},
        {"op": "copy", "sketch": "c", "from": "h"},
        {"op": "convert", "sketch": "v", "from": "h", "type": "HLL_8"},
        {"op": "serialize", "sketch": "v", "form": "updatable"},
        {"op": "query", "sketch": "w", "queries": ["estimate"]},
        {"op": "query", "sketch": "c", "queries": ["estimate"]},
        {"op": "reset", "sketch": "c"},
        {"op": "query", "sketch": "c", "queries": ["is_empty", "estimate"], "as": "after_reset"}]})"),
  };
}

std::vector<PreparedStage> Prepare(const std::vector<Case>& cases) {
  std::vector<PreparedStage> stages;
  for (const auto& c : cases) stages.push_back(PrepareStage(c, c.ops));
  return stages;
}

// The named field; a missing one fails the test (and reads as an empty value) instead of crashing.
const Value& Get(const Observations& o, const std::string& name) {
  static const Value kMissing = Value::Unsupported("missing");
  const Value* v = o.Find(name);
  if (v == nullptr) ADD_FAILURE() << "no field " << name;
  return v ? *v : kMissing;
}

std::vector<std::string> FieldNames(const Observations& o) {
  std::vector<std::string> names;
  for (const auto& f : o.fields) names.push_back(f.name);
  return names;
}

TEST(JavaEngine, BadJvmOptionIsAClearError) {
  auto spec = ParseJavaEngineSpec("java");
  ASSERT_TRUE(spec.ok());
  spec->jvm = TestJvmOptions();
  spec->jvm.extra = {"-Xno-such-option"};
  const bool fresh = !JvmExists();
  auto factory = MakeJavaEngineFactory(*spec);
  ASSERT_FALSE(factory.ok());
  EXPECT_THAT(std::string(factory.status().message()), HasSubstr("-Xno-such-option"));
  if (fresh) {
    // The JVM's own words, and the failed attempt leaves the process able to start a JVM.
    EXPECT_THAT(std::string(factory.status().message()), HasSubstr("Unrecognized option"));
    EXPECT_NE(MakeEngine("java"), nullptr);
  } else {
    EXPECT_THAT(std::string(factory.status().message()), HasSubstr("one JVM per process"));
  }
}

TEST(JavaEngine, MissingJdkIsAClearError) {
  JavaEngineSpec spec;
  spec.jvm = TestJvmOptions();
  spec.jvm.java_home = "/nonexistent/jdk";
  const bool fresh = !JvmExists();
  auto st = MakeJavaEngineFactory(spec).status();
  ASSERT_FALSE(st.ok());
  EXPECT_THAT(std::string(st.message()), HasSubstr("/nonexistent/jdk"));
  if (fresh) {
    EXPECT_THAT(std::string(st.message()), HasSubstr("no JDK at /nonexistent/jdk"));
  }
}

TEST(JavaEngine, RunsABatchOfHllCases) {
  auto engine = MakeEngine("java");
  ASSERT_NE(engine, nullptr);
  EXPECT_EQ(engine->kind(), "java");
  EXPECT_TRUE(engine->SupportsFamily("hll"));
  EXPECT_FALSE(engine->SupportsFamily("no_such_family"));
  const auto cases = HllCases();
  auto result = engine->Run(Prepare(cases));
  ASSERT_TRUE(result.ok()) << result.status();
  ASSERT_EQ(result->size(), 3u);

  const Observations& sketch = (*result)[0];
  EXPECT_THAT(FieldNames(sketch),
              ::testing::ElementsAre("a.compact", "a.updatable", "a.estimate", "a.composite", "a.lb1", "a.ub1",
                                     "a.is_empty", "a.is_compact", "a.lg_k", "a.type", "a.compact_size",
                                     "a.updatable_size"));
  EXPECT_NEAR(Get(sketch, "a.estimate").AsDouble(), 1000, 50);
  EXPECT_LE(Get(sketch, "a.lb1").AsDouble(), Get(sketch, "a.estimate").AsDouble());
  EXPECT_GE(Get(sketch, "a.ub1").AsDouble(), Get(sketch, "a.estimate").AsDouble());
  const std::string& compact = Get(sketch, "a.compact").bytes;
  ASSERT_GT(compact.size(), 8u);
  EXPECT_EQ(compact[2], 7) << "byte 2 is the family id, 7 for HLL";
  EXPECT_EQ(static_cast<int64_t>(Get(sketch, "a.compact_size").bits), static_cast<int64_t>(compact.size()));
  EXPECT_EQ(Get(sketch, "a.is_empty").bits, 0u);
  EXPECT_EQ(Get(sketch, "a.lg_k").bits, 12u);
  EXPECT_EQ(Get(sketch, "a.type").kind, Value::Kind::kString);
  EXPECT_EQ(Get(sketch, "a.type").bytes, "HLL_4");

  const Observations& u = (*result)[1];
  EXPECT_THAT(FieldNames(u), ::testing::ElementsAre("u.estimate", "u.lg_k", "u.is_empty", "res.compact",
                                                    "u.updatable", "re"));
  EXPECT_NEAR(Get(u, "u.estimate").AsDouble(), 5300, 5300 * 0.1);
  EXPECT_EQ(Get(u, "u.lg_k").bits, 10u) << "the lgK of an HLL-mode input caps the union";
  EXPECT_EQ(Get(u, "res.compact").bytes[2], 7);
  EXPECT_GT(Get(u, "re").AsDouble(), 0);

  const Observations& rt = (*result)[2];
  EXPECT_EQ(Get(rt, "w.estimate").bits, Get(rt, "c.estimate").bits);
  EXPECT_EQ(Get(rt, "after_reset.is_empty").bits, 1u);
  EXPECT_EQ(Get(rt, "after_reset.estimate").AsDouble(), 0.0);
  for (const auto& f : rt.fields) EXPECT_NE(f.value.kind, Value::Kind::kError) << f.name << ": " << f.value.bytes;
}

TEST(JavaEngine, TwoVersionsShareTheJvmEachReportingItsOwn) {
  auto v900 = MakeEngine("java@9.0.0");
  auto v910 = MakeEngine("java@9.1.0");
  ASSERT_NE(v900, nullptr);
  ASSERT_NE(v910, nullptr);
  EXPECT_EQ(v900->name(), "java@9.0.0");
  EXPECT_EQ(v910->name(), "java@9.1.0");
  const auto cases = HllCases();
  auto a = v900->Run(Prepare(cases));
  auto b = v910->Run(Prepare(cases));
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(Get((*a)[0], "a.compact").bytes, Get((*b)[0], "a.compact").bytes);
}

TEST(JavaEngine, LibraryExceptionBecomesAnErrorFieldAndTheNextBatchRuns) {
  auto engine = MakeEngine("java");
  ASSERT_NE(engine, nullptr);
  Case c = ParseCase(R"({"id": "truncated", "family": "hll", "ops": [
      {"op": "deserialize", "sketch": "s", "image": "w.compact", "mode": "heapify"},
      {"op": "query", "sketch": "s", "queries": ["estimate"]}]})");
  PreparedStage stage = PrepareStage(c, c.ops);
  stage.images["w.compact"] = std::string("\x02\x01\x07", 3);  // a 3-byte "image"
  auto result = engine->Run({stage});
  ASSERT_TRUE(result.ok()) << result.status();
  ASSERT_EQ((*result)[0].fields.size(), 1u) << "the stage stops at the exception";
  const Value* error = &Get((*result)[0], "error@op0");
  EXPECT_EQ(error->kind, Value::Kind::kError);
  EXPECT_EQ(error->error_class, "org.apache.datasketches.common.SketchesArgumentException");
  EXPECT_THAT(error->bytes, HasSubstr("allocSize: 3"));
  EXPECT_THAT(error->stack, HasSubstr("at org.apache.datasketches.hll.HllSketch.heapify(HllSketch.java:"));

  auto next = engine->Run(Prepare(HllCases()));
  ASSERT_TRUE(next.ok()) << next.status();
  EXPECT_NEAR(Get((*next)[0], "a.estimate").AsDouble(), 1000, 50);
}

// The harness tells the engine which slots no later step names (PreparedStage::done_after); told
// to let go of one early, the engine no longer has it.
TEST(JavaEngine, ASlotIsLetGoAfterTheStepTheHarnessNames) {
  for (const char* kind : {"java", "java-direct"}) {
    auto engine = MakeEngine(kind);
    ASSERT_NE(engine, nullptr);
    Case c = ParseCase(R"({"id": "drop", "family": "hll", "ops": [
        {"op": "create", "sketch": "a", "lg_k": 10, "type": "HLL_4"},
        {"op": "query", "sketch": "a", "queries": ["estimate"], "as": "first"},
        {"op": "query", "sketch": "a", "queries": ["estimate"], "as": "second"}]})");
    PreparedStage stage = PrepareStage(c, c.ops);
    EXPECT_EQ(stage.done_after[2], std::vector<std::string>{"a"});
    auto kept = engine->Run({stage});
    ASSERT_TRUE(kept.ok()) << kept.status();
    EXPECT_EQ(FieldNames((*kept)[0]), (std::vector<std::string>{"first.estimate", "second.estimate"})) << kind;

    stage.done_after = {{}, {"a"}, {}};
    auto dropped = engine->Run({stage});
    ASSERT_TRUE(dropped.ok()) << dropped.status();
    EXPECT_EQ(FieldNames((*dropped)[0]), (std::vector<std::string>{"first.estimate", "error@op2"})) << kind;
  }
}

// A compact KLL image whose serial version says "updatable" (3) reads as levels that do not add
// up, and sorting them for a quantile sends datasketches-java 9.x's merge sort into unbounded
// recursion. The StackOverflowError unwinds to the bridge and is this case's
// outcome: the other case in its batch still runs.
TEST(JavaEngine, AStackOverflowInTheLibraryEndsOnlyItsCase) {
  auto engine = MakeEngine("java");
  ASSERT_NE(engine, nullptr);
  Case c = ParseCase(R"({"id": "deep", "family": "kll", "ops": [
      {"op": "deserialize", "sketch": "s", "image": "image", "item": "float", "mode": "heapify"},
      {"op": "query", "sketch": "s", "queries": ["quantiles"], "ranks": ["0.5"]}]})");
  PreparedStage deep = PrepareStage(c, c.ops);
  deep.images["image"] = absl::HexStringToBytes(
      "05030f000800080008000000000000000800010000000000000000000000e03f0000003f0000a03f0000c03f0000803f"
      "0000803e0000403f0000e03f00000000");
  const std::vector<Case> hll = HllCases();  // outlives the stages, which point into it
  std::vector<PreparedStage> stages = Prepare(hll);
  stages.insert(stages.begin() + 1, deep);
  auto result = engine->Run(stages);
  ASSERT_TRUE(result.ok()) << result.status();
  ASSERT_EQ(result->size(), 4u);
  const Field& last = (*result)[1].fields.back();
  EXPECT_EQ(last.name.rfind("error@op", 0), 0u) << last.name;
  EXPECT_EQ(last.value.error_class, "java.lang.StackOverflowError") << last.value.Summary();
  EXPECT_NEAR(Get((*result)[2], "u.estimate").AsDouble(), 5300, 300);
}

TEST(JavaEngine, ErrorMessagesCarryNoIdentityHash) {
  auto engine = MakeEngine("java");
  ASSERT_NE(engine, nullptr);
  Case write = ParseCase(R"({"id": "one", "family": "tuple", "ops": [
      {"op": "create", "sketch": "a", "summary": "int_sum", "lg_k": 5},
      {"op": "update", "sketch": "a", "items": {"gen": "sequence", "start": 0, "count": 1}},
      {"op": "serialize", "sketch": "a", "form": "compact"}]})");
  auto written = engine->Run({PrepareStage(write, write.ops)});
  ASSERT_TRUE(written.ok()) << written.status();
  std::string image = Get((*written)[0], "a.compact").bytes;
  ASSERT_FALSE(image.empty());
  image.pop_back();  // the summary's last byte: the read runs past its MemorySegment

  Case read = ParseCase(R"({"id": "cut", "family": "tuple", "ops": [
      {"op": "deserialize", "sketch": "r", "image": "image", "mode": "heapify", "summary": "int_sum"}]})");
  PreparedStage stage = PrepareStage(read, read.ops);
  stage.images["image"] = image;
  // Two runs, so that the JVM places the segment's array at two addresses.
  for (int run = 0; run < 2; ++run) {
    auto result = engine->Run({stage});
    ASSERT_TRUE(result.ok()) << result.status();
    const Value& error = Get((*result)[0], "error@op0");
    ASSERT_EQ(error.kind, Value::Kind::kError);
    // "heapBase: [B@c9358d8" would make two runs of one case differ.
    EXPECT_THAT(error.bytes, HasSubstr("[B@<hash>")) << error.bytes;
  }
}

TEST(JavaEngine, UnknownFamilyIsNotSupportedRatherThanAnError) {
  auto engine = MakeEngine("java");
  ASSERT_NE(engine, nullptr);
  Case c = ParseCase(R"({"id": "k", "family": "no_such_family", "ops": [{"op": "create", "sketch": "k", "k": 200}]})");
  auto result = engine->Run({PrepareStage(c, c.ops)});
  ASSERT_TRUE(result.ok()) << result.status();
  const Value* v = &Get((*result)[0], "k.create");
  EXPECT_EQ(v->kind, Value::Kind::kUnsupported);
  EXPECT_EQ(v->bytes, "not supported by this engine");
}

TEST(JavaEngine, DirectGivesTheSameImagesAsHeap) {
  auto heap = MakeEngine("java");
  auto direct = MakeEngine("java-direct");
  ASSERT_NE(heap, nullptr);
  ASSERT_NE(direct, nullptr);
  EXPECT_EQ(direct->kind(), "java-direct");
  EXPECT_EQ(direct->name(), "java-direct@" + heap->name().substr(heap->name().find('@') + 1));
  const auto cases = HllCases();
  auto h = heap->Run(Prepare(cases));
  auto d = direct->Run(Prepare(cases));
  ASSERT_TRUE(h.ok()) << h.status();
  ASSERT_TRUE(d.ok()) << d.status();
  for (size_t i = 0; i < cases.size(); ++i) {
    ASSERT_EQ(FieldNames((*h)[i]), FieldNames((*d)[i])) << cases[i].id;
    for (size_t k = 0; k < (*h)[i].fields.size(); ++k) {
      const Field& a = (*h)[i].fields[k];
      const Field& b = (*d)[i].fields[k];
      EXPECT_EQ(a.value.bytes, b.value.bytes) << cases[i].id << " " << a.name;
      EXPECT_EQ(a.value.bits, b.value.bits) << cases[i].id << " " << a.name;
    }
  }
}

// The bridge answers in chunks of about 1 MiB (ResultWriter): 48 images of 64 KiB, a query after
// them and a second stage cross several chunk boundaries and arrive whole and in order.
TEST(JavaEngine, AnAnswerInManyChunksArrivesWholeAndInOrder) {
  auto engine = MakeEngine("java");
  ASSERT_NE(engine, nullptr);
  nlohmann::json ops = nlohmann::json::parse(R"([
    {"op": "create", "sketch": "a", "lg_k": 12},
    {"op": "update", "sketch": "a", "items": {"gen": "splitmix64", "seed": 1, "count": 20000}}])");
  constexpr int kImages = 48;
  for (int i = 0; i < kImages; ++i) {
    ops.push_back({{"op", "serialize"}, {"sketch", "a"}, {"form", "updatable"}, {"as", absl::StrCat("s", i)}});
    if (i == 0) ops.push_back({{"op", "query"}, {"sketch", "a"}, {"queries", {"estimate"}}});
  }
  ops.push_back({{"op", "query"}, {"sketch", "a"}, {"queries", {"retained"}}});
  auto big = CaseFromJson({{"id", "big"}, {"family", "theta"}, {"ops", ops}});
  ASSERT_TRUE(big.ok()) << big.status();
  const Case small = HllCases().front();
  auto out = engine->Run({PrepareStage(*big, big->ops), PrepareStage(small, small.ops)});
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 2u);
  const Observations& o = (*out)[0];
  ASSERT_EQ(o.fields.size(), kImages + 2u);
  const std::string& first = Get(o, "s0.updatable").bytes;
  EXPECT_GT(first.size(), 60000u);
  EXPECT_GT(kImages * first.size(), size_t{3} << 20);
  for (int i = 0; i < kImages; ++i) EXPECT_EQ(Get(o, absl::StrCat("s", i, ".updatable")).bytes, first) << i;
  EXPECT_EQ(o.fields[1].name, "a.estimate");
  EXPECT_EQ(o.fields.back().name, "a.retained");
  EXPECT_FALSE((*out)[1].fields.empty());
  EXPECT_EQ(FieldNames((*out)[1]), FieldNames((*engine->Run(Prepare({small})))[0]));
}

// A finding, not a bridge bug (datasketches-java 9.0.0 and 9.1.0 alike): a union living in a
// MemorySegment that merges a SET-mode sketch of lgK 12, then an HLL-mode sketch of lgK 11 (so the
// union shrinks to lgK 11), keeps another HIP accumulator (image bytes 8..15, and the estimate)
// than the same union on the heap; the registers agree. When this test fails, the difference is
// gone: remove the test and the rule F5 of sketches/hll/known_differences.jsonl.
TEST(JavaEngine, DirectUnionShrinkingFromSetModeKeepsAnotherHipAccumulator) {
  Case c = ParseCase(R"({"id": "union/shrink", "family": "hll", "ops": [
      {"op": "create", "sketch": "a", "lg_k": 12, "type": "HLL_4"},
      {"op": "update", "sketch": "a", "items": {"gen": "sequence", "start": 0, "count": 256}},
      {"op": "create", "sketch": "b", "lg_k": 11, "type": "HLL_8"},
      {"op": "update", "sketch": "b", "items": {"gen": "sequence", "start": 128, "count": 256}},
      {"op": "union", "sketch": "u", "lg_max_k": 12},
      {"op": "merge", "sketch": "u", "from": "a", "how": "copy"},
      {"op": "merge", "sketch": "u", "from": "b", "how": "copy"},
      {"op": "query", "sketch": "u", "queries": ["estimate", "composite", "lg_k"]},
      {"op": "serialize", "sketch": "u", "form": "updatable"}]})");
  auto heap = MakeEngine("java@9.1.0");
  auto direct = MakeEngine("java-direct@9.1.0");
  ASSERT_NE(heap, nullptr);
  ASSERT_NE(direct, nullptr);
  auto h = heap->Run({PrepareStage(c, c.ops)});
  auto d = direct->Run({PrepareStage(c, c.ops)});
  ASSERT_TRUE(h.ok()) << h.status();
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(Get((*h)[0], "u.lg_k").bits, 11u);
  EXPECT_EQ(Get((*h)[0], "u.composite").bits, Get((*d)[0], "u.composite").bits);
  EXPECT_NE(Get((*h)[0], "u.estimate").bits, Get((*d)[0], "u.estimate").bits)
      << "heap " << Get((*h)[0], "u.estimate").AsDouble() << ", direct " << Get((*d)[0], "u.estimate").AsDouble();
  const std::string& hi = Get((*h)[0], "u.updatable").bytes;
  const std::string& di = Get((*d)[0], "u.updatable").bytes;
  ASSERT_EQ(hi.size(), di.size());
  EXPECT_NE(hi.substr(8, 8), di.substr(8, 8)) << "HIP accumulator";
  EXPECT_EQ(hi.substr(16), di.substr(16)) << "KxQ registers and the HLL array";
}

TEST(JavaEngine, EnginesRunConcurrentlyOnTheirOwnThreads) {
  const auto cases = HllCases();
  auto reference = MakeEngine("java")->Run(Prepare(cases));
  ASSERT_TRUE(reference.ok()) << reference.status();
  std::vector<std::unique_ptr<Engine>> engines;
  for (const char* name : {"java@9.0.0", "java@9.1.0", "java-direct@9.1.0"}) engines.push_back(MakeEngine(name));
  std::vector<std::string> failures(engines.size());
  std::vector<std::thread> threads;
  for (size_t t = 0; t < engines.size(); ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 20; ++round) {
        auto r = engines[t]->Run(Prepare(cases));
        if (!r.ok()) {
          failures[t] = r.status().ToString();
          return;
        }
        if (Get((*r)[0], "a.compact").bytes != Get((*reference)[0], "a.compact").bytes) {
          failures[t] = "different image in round " + std::to_string(round);
          return;
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  for (size_t t = 0; t < engines.size(); ++t) EXPECT_EQ(failures[t], "") << engines[t]->name();
}

TEST(JavaEngine, BadRequestsAreClearStatuses) {
  auto catalog = ReadJavaCatalog();
  ASSERT_TRUE(catalog.ok()) << catalog.status();

  JavaEngineSpec unknown;
  unknown.version = "1.2.3";
  unknown.jvm = TestJvmOptions();
  auto st = MakeJavaEngineFactory(unknown).status();
  EXPECT_EQ(st.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(st.message()), HasSubstr("java@1.2.3"));
  EXPECT_THAT(std::string(st.message()), HasSubstr("staged: " + catalog->default_label + " (default)"));

  JavaEngineSpec bad_class_path;  // the JVM itself would accept it silently
  bad_class_path.jvm = TestJvmOptions();
  bad_class_path.jvm.class_path = {"/nonexistent/classes"};
  st = MakeJavaEngineFactory(bad_class_path).status();
  EXPECT_FALSE(st.ok());
  EXPECT_THAT(std::string(st.message()), HasSubstr("/nonexistent/classes"));

  JavaEngineSpec missing_jar;
  missing_jar.jars = {"/nonexistent/datasketches-java.jar"};
  missing_jar.jvm = TestJvmOptions();
  st = MakeJavaEngineFactory(missing_jar).status();
  EXPECT_EQ(st.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(st.message()), HasSubstr("/nonexistent/datasketches-java.jar does not exist"));

  JavaEngineSpec not_datasketches;  // a real jar of every JDK, without datasketches classes
  not_datasketches.jars = {catalog->java_home + "/lib/jrt-fs.jar"};
  not_datasketches.jvm = TestJvmOptions();
  st = MakeJavaEngineFactory(not_datasketches).status();
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(st.message()), HasSubstr("no datasketches-java classes"));

}

TEST(JavaEngine, Version800SaysPlainlyWhyItCannotRun) {
  // Staged with -DDATASKETCHES_JAVA_EXTRA_VERSIONS="9.0.0;8.0.0", else straight from ~/.m2.
  JavaEngineSpec spec;
  spec.jvm = TestJvmOptions();
  auto catalog = ReadJavaCatalog();
  ASSERT_TRUE(catalog.ok()) << catalog.status();
  if (catalog->Find("8.0.0") != nullptr) {
    spec.version = "8.0.0";
  } else {
    const char* home = std::getenv("HOME");
    if (home == nullptr) GTEST_SKIP() << "datasketches-java 8.0.0 is not staged and HOME is unset";
    const std::string m2 = std::string(home) + "/.m2/repository/org/apache/datasketches/";
    spec.jars = {m2 + "datasketches-java/8.0.0/datasketches-java-8.0.0.jar",
                 m2 + "datasketches-memory/6.0.0/datasketches-memory-6.0.0.jar"};
    for (const auto& jar : spec.jars) {
      if (!std::filesystem::exists(jar)) GTEST_SKIP() << "datasketches-java 8.0.0 is neither staged nor in ~/.m2 (" << jar << ")";
    }
  }
  auto st = MakeJavaEngineFactory(spec).status();
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  const std::string expected_start = spec.jars.empty() ? "java@8.0.0 cannot run in this JVM because" : "java@8.0.0 (from ";
  EXPECT_THAT(std::string(st.message()), ::testing::StartsWith(expected_start));
  EXPECT_THAT(std::string(st.message()), HasSubstr("cannot run in this JVM because"));
  EXPECT_THAT(std::string(st.message()), HasSubstr("preview"));
  std::cout << st.message() << "\n";
}

TEST(JavaEngine, LocalJarKeepsItsStagedLabel) {
  auto catalog = ReadJavaCatalog();
  ASSERT_TRUE(catalog.ok()) << catalog.status();
  const StagedJavaVersion* local = nullptr;
  for (const auto& v : catalog->versions)
    if (v.source != "maven") local = &v;
  if (local == nullptr) GTEST_SKIP() << "no DATASKETCHES_JAVA_JAR staged in this build";
  auto engine = MakeEngine("java@" + local->label);
  ASSERT_NE(engine, nullptr);
  EXPECT_EQ(engine->name(), "java@" + local->label);
  auto result = engine->Run(Prepare(HllCases()));
  ASSERT_TRUE(result.ok()) << result.status();
}

TEST(JavaEngine, ParsesEngineNames) {
  auto s = ParseJavaEngineSpec("java-direct@9.0.0");
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(s->direct);
  EXPECT_EQ(s->version, "9.0.0");
  s = ParseJavaEngineSpec("java@/tmp/ds.jar");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->jars, std::vector<std::string>{"/tmp/ds.jar"});
  s = ParseJavaEngineSpec("java");
  ASSERT_TRUE(s.ok());
  EXPECT_FALSE(s->direct);
  EXPECT_EQ(s->version, "");
  EXPECT_FALSE(ParseJavaEngineSpec("cpp@5.2.0").ok());
  EXPECT_FALSE(ParseJavaEngineSpec("java@").ok());
}

TEST(JavaEngine, ListsStagedVersionsDefaultFirst) {
  auto versions = ListStagedJavaVersions();
  ASSERT_TRUE(versions.ok()) << versions.status();
  ASSERT_FALSE(versions->empty());
  EXPECT_TRUE(versions->front().is_default);
  for (const auto& v : *versions) {
    EXPECT_FALSE(v.class_path.empty()) << v.label;
    for (const auto& jar : v.class_path) EXPECT_TRUE(std::filesystem::exists(jar)) << jar;
  }
}

}  // namespace
}  // namespace dsconform
