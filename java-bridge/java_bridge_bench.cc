// Cost of crossing JNI per case: a batch of 10,000 trivial HLL cases per iteration.
//   java_bridge_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <chrono>

#include "java-bridge/batch_codec.h"
#include "java-bridge/java_engine.h"

namespace dsconform {
namespace {

constexpr int kCases = 10000;

std::vector<Case> TrivialCases() {
  std::vector<Case> cases;
  for (int i = 0; i < kCases; ++i) {
    Case c;
    c.id = "bench/" + std::to_string(i);
    c.family = "hll";
    Op create;
    create.op = "create";
    create.sketch = "a";
    create.args["lg_k"] = 4;
    create.args["type"] = "HLL_4";
    Op update;
    update.op = "update";
    update.sketch = "a";
    update.items = ItemStream{ItemGenerator::kSequence, i, 0, 1};
    Op query;
    query.op = "query";
    query.sketch = "a";
    query.args["queries"] = {"estimate"};
    c.ops = {create, update, query};
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<PreparedStage> Prepare(const std::vector<Case>& cases) {
  std::vector<PreparedStage> stages;
  for (const auto& c : cases) stages.push_back(PrepareStage(c, c.ops));
  return stages;
}

// Reports the mean wall time per case, in microseconds, of the timed loop.
void ReportPerCase(benchmark::State& state, double total_us) {
  state.counters["us_per_case"] = benchmark::Counter(total_us / kCases, benchmark::Counter::kAvgIterations);
}

// The whole engine call: encode, one JNI call, Java parses and runs, decode.
void RunBatch(benchmark::State& state, const char* engine_name) {
  auto spec = ParseJavaEngineSpec(engine_name);
  auto factory = spec.ok() ? MakeJavaEngineFactory(*spec) : spec.status();
  if (!factory.ok()) {
    state.SkipWithError(std::string(factory.status().message()).c_str());
    return;
  }
  auto engine = (*factory)->Create();
  const auto cases = TrivialCases();
  const auto stages = Prepare(cases);
  double total_us = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    auto result = (*engine)->Run(stages);
    total_us += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    if (!result.ok()) {
      state.SkipWithError(std::string(result.status().message()).c_str());
      return;
    }
    benchmark::DoNotOptimize(result->data());
  }
  ReportPerCase(state, total_us);
}

// The C++ share of it: encoding the program and the data buffer.
void EncodeOnly(benchmark::State& state) {
  const auto cases = TrivialCases();
  const auto stages = Prepare(cases);
  double total_us = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    auto batch = EncodeBatch(stages);
    total_us += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    benchmark::DoNotOptimize(batch->program.data());
  }
  ReportPerCase(state, total_us);
}

BENCHMARK(EncodeOnly)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RunBatch, java, "java")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RunBatch, java_direct, "java-direct")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace dsconform

BENCHMARK_MAIN();
