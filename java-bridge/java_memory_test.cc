// Memory stays flat over long runs: 100,000 small cases through the JVM bridge
// in a JVM capped at 96 MiB of heap. A leaked JNI reference, a retained batch
// buffer or a growing cache fails it: the heap runs out (the batch fails) or
// the process's resident memory keeps growing after the warm-up.
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "java-bridge/java_engine.h"
#include "java-bridge/jvm_heap.h"

namespace dsconform {
namespace {

constexpr int kBatches = 100;
constexpr int kBatchCases = 1000;
constexpr int64_t kMiB = 1 << 20;

int64_t ResidentBytes() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6)) * 1024;
  return -1;
}

// A small case of every kind of step: create, update, serialize, query, union.
Case SmallCase(int i) {
  auto c = CaseFromJson(nlohmann::json::parse(absl::StrCat(R"({"id": "m)", i, R"(", "family": "hll", "ops": [
    {"op": "create", "sketch": "a", "lg_k": )", 4 + i % 8, R"(, "type": "HLL_)", 4 + 2 * (i % 3), R"("},
    {"op": "update", "sketch": "a", "items": {"gen": "splitmix64", "seed": )", i, R"(, "count": )", i % 200, R"(}},
    {"op": "serialize", "sketch": "a", "form": "compact"},
    {"op": "union", "sketch": "u", "lg_max_k": 10},
    {"op": "merge", "sketch": "u", "from": "a", "how": "copy"},
    {"op": "query", "sketch": "u", "queries": ["estimate", "lb1", "ub1"]}]})")));
  EXPECT_TRUE(c.ok()) << c.status();
  return *c;
}

// The java engine in this process's JVM, its heap capped at 96 MiB (every test here asks the same).
absl::StatusOr<std::unique_ptr<Engine>> EngineIn96MiBHeap() {
  auto spec = ParseJavaEngineSpec("java");
  if (!spec.ok()) return spec.status();
  spec->jvm.max_heap = "96m";
  auto factory = MakeJavaEngineFactory(*spec);
  if (!factory.ok()) return factory.status();
  return (*factory)->Create();
}

// The steps of a Theta sketch written `images` times as images of 64 KiB, s0.updatable and on (an
// lgK 12 update sketch in estimation mode, its table at 2^13 entries).
nlohmann::json ImagesOfOneSketch(int images) {
  nlohmann::json ops = nlohmann::json::parse(R"([
    {"op": "create", "sketch": "a", "lg_k": 12},
    {"op": "update", "sketch": "a", "items": {"gen": "splitmix64", "seed": 1, "count": 20000}}])");
  for (int i = 0; i < images; ++i)
    ops.push_back({{"op", "serialize"}, {"sketch", "a"}, {"form", "updatable"}, {"as", absl::StrCat("s", i)}});
  return ops;
}

TEST(JavaBridgeMemory, HundredThousandCasesKeepHeapAndResidentMemoryFlat) {
  auto engine = EngineIn96MiBHeap();
  ASSERT_TRUE(engine.ok()) << engine.status();

  std::vector<Case> cases;
  for (int i = 0; i < kBatchCases; ++i) cases.push_back(SmallCase(i));
  std::vector<PreparedStage> stages;
  for (const Case& c : cases) stages.push_back(PrepareStage(c, c.ops));

  int64_t warm_rss = 0;
  for (int b = 0; b < kBatches; ++b) {
    auto out = (*engine)->Run(stages);
    ASSERT_TRUE(out.ok()) << "batch " << b << ": " << out.status();
    ASSERT_EQ(out->size(), stages.size());
    ASSERT_NE((*out)[kBatchCases - 1].Find("u.estimate"), nullptr) << "batch " << b;
    if (b == 9) warm_rss = ResidentBytes();  // after 10,000 cases: JIT, class loading and heap sizing done
  }
  const int64_t end_rss = ResidentBytes();
  ASSERT_GT(warm_rss, 0);
  EXPECT_LT(end_rss - warm_rss, 48 * kMiB) << "resident memory grew from " << warm_rss / kMiB << " MiB to "
                                            << end_rss / kMiB << " MiB over 90,000 cases";
  auto heap = ReadJvmHeapUsage(false);
  ASSERT_TRUE(heap.ok()) << heap.status();
  EXPECT_LE(heap->committed_bytes, 96 * kMiB);
  std::printf("after %d cases: RSS %lld MiB (%lld MiB after 10,000), Java heap used %lld MiB of %lld MiB\n",
              kBatches * kBatchCases, static_cast<long long>(end_rss / kMiB), static_cast<long long>(warm_rss / kMiB),
              static_cast<long long>(heap->used_bytes / kMiB), static_cast<long long>(heap->max_bytes / kMiB));
}

// A batch whose result outgrows the heap: the allocation that fails while the result grows becomes
// the stage's error field, and the bytes stay readable for the stages after it.
TEST(JavaBridgeMemory, AResultThatOutgrowsTheHeapEndsItsStageWithAnErrorField) {
  auto engine = EngineIn96MiBHeap();
  ASSERT_TRUE(engine.ok()) << engine.status();

  // 2000 images of 64 KiB: the library's small allocations succeed while the result's buffer fails
  // to grow, mid-field in a writer that does not reserve first.
  auto big = CaseFromJson({{"id", "big"}, {"family", "theta"}, {"ops", ImagesOfOneSketch(2000)}});
  ASSERT_TRUE(big.ok()) << big.status();
  const Case small = SmallCase(7);
  const std::vector<PreparedStage> stages = {PrepareStage(*big, big->ops), PrepareStage(small, small.ops)};

  auto out = (*engine)->Run(stages);
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 2u);
  const Field& last = (*out)[0].fields.back();
  EXPECT_EQ(last.name.rfind("error@op", 0), 0u) << last.name;
  EXPECT_EQ(last.value.error_class, "java.lang.OutOfMemoryError") << last.value.Summary();
  EXPECT_LT((*out)[0].fields.size(), 2000u);
  EXPECT_NE((*out)[1].Find("u.estimate"), nullptr);
}

// A stage's images are held once in the heap, in its result: 800 images of 64 KiB (50 MiB) fit the
// 96 MiB heap once but not twice (kept also as the arrays the library gave, a cross stage of
// lgK 21 Theta sketches ran out of a worker's heap). The last steps read the first image back.
TEST(JavaBridgeMemory, AStageHoldsEachImageItWritesOnce) {
  auto engine = EngineIn96MiBHeap();
  ASSERT_TRUE(engine.ok()) << engine.status();
  constexpr int kImages = 800;
  nlohmann::json ops = ImagesOfOneSketch(kImages);
  ops.push_back({{"op", "deserialize"}, {"sketch", "b"}, {"image", "s0.updatable"}, {"mode", "heapify"}});
  ops.push_back({{"op", "query"}, {"sketch", "a"}, {"queries", {"estimate", "retained"}}});
  ops.push_back({{"op", "query"}, {"sketch", "b"}, {"queries", {"estimate", "retained"}}});
  auto many = CaseFromJson({{"id", "many"}, {"family", "theta"}, {"ops", ops}});
  ASSERT_TRUE(many.ok()) << many.status();

  const std::vector<PreparedStage> stages = {PrepareStage(*many, many->ops)};
  auto out = (*engine)->Run(stages);
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 1u);
  const Observations& obs = (*out)[0];
  EXPECT_EQ(obs.fields.size(), kImages + 4u) << obs.fields.back().name << ": " << obs.fields.back().value.Summary();
  const Value* image = obs.Find("s0.updatable");
  ASSERT_NE(image, nullptr);
  EXPECT_GT(image->bytes.size(), 64u * 1024);
  for (const char* q : {"estimate", "retained"}) {
    const Value *a = obs.Find(absl::StrCat("a.", q)), *b = obs.Find(absl::StrCat("b.", q));
    ASSERT_NE(a, nullptr) << q;
    ASSERT_NE(b, nullptr) << q;
    EXPECT_EQ(a->bits, b->bits) << q << ": " << a->Summary() << " against " << b->Summary();
  }
}

}  // namespace
}  // namespace dsconform
