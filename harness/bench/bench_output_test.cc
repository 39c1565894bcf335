#include "harness/bench/bench_output.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

BenchMeasures Measures() {
  BenchMeasures m;
  m.suites = "hll.*";
  m.scale = "full";
  m.cases = 2170;
  m.cores = 2;
  m.engines = {"cpp@5.2.0", "java@9.1.0"};
  m.one_worker.wall_seconds = 100;
  m.many_workers.workers = 2;
  m.many_workers.wall_seconds = 52;
  m.serial.wall_seconds = 101;
  m.serial.java_heap_peak_bytes = int64_t{300} << 20;
  EngineCall cpp;
  cpp.seconds = 40;
  cpp.stages = 64;
  EngineCall java = cpp;
  java.seconds = 50;
  java.library_seconds = 47;
  m.serial.engine_calls = {{cpp}, {java}};
  m.one_worker.engine_calls = {{cpp}, {java}};
  m.many_workers.phases.workers_seconds = 47.5;
  m.many_workers.phases.memory_wait_seconds = 6.25;
  m.many_workers.phases.idle_at_end_seconds = 3.75;
  return m;
}

TEST(FormatBenchText, PrintsEveryFigureAndGoal) {
  const BenchMeasures m = Measures();
  const std::string text = FormatBenchText(m, ComputeFigures(m), BenchTargets());
  for (const char* label : {"2170 cases of hll.* (full)", "1 worker", "2 workers", "speedup", "1.92x",
                            "target >= 1.8x: met", "cpp@5.2.0", "java@9.1.0", "harness share", "13.0%",
                            "target <= 5%: missed", "alone (serial pass)", "in the 1-worker run", "case generation",
                            "java@9.1.0 library", "java@9.1.0 transfer (JNI)",
                            "diff, invariants, expectations", "JNI cost of java@9.1.0", "per case stage",
                            "per MB", "RSS (VmHWM)", "Java heap, peak used", "300 MiB", "workers 47.50 s",
                            "waiting for memory 6.25 s", "idle at the end 3.75 s"})
    EXPECT_NE(text.find(label), std::string::npos) << "missing '" << label << "' in\n" << text;
}

TEST(BenchToJson, HoldsFiguresAndTargets) {
  const BenchMeasures m = Measures();
  const auto j = BenchToJson(m, ComputeFigures(m), BenchTargets());
  EXPECT_EQ(j["bench"]["cases"], 2170);
  EXPECT_DOUBLE_EQ(j["runs"]["speedup"].get<double>(), 100.0 / 52.0);
  EXPECT_DOUBLE_EQ(j["harness"]["harness_share"].get<double>(), 0.13);
  EXPECT_EQ(j["engines"][1]["alone"]["library_measured_inside"], true);
  EXPECT_DOUBLE_EQ(j["engines"][1]["alone"]["transfer_seconds"].get<double>(), 3);
  EXPECT_DOUBLE_EQ(j["engines"][1]["in_one_worker_run"]["library_seconds"].get<double>(), 47);
  EXPECT_FALSE(j["engines"][0]["alone"].contains("transfer_seconds"));
  EXPECT_EQ(j["targets"]["speedup"]["met"], true);
  EXPECT_EQ(j["targets"]["harness_share"]["met"], false);
  EXPECT_EQ(j["runs"]["serial_pass"]["java_heap_peak_bytes"], int64_t{300} << 20);
  EXPECT_DOUBLE_EQ(j["runs"]["many_workers"]["phases"]["memory_wait_seconds"].get<double>(), 6.25);
  EXPECT_DOUBLE_EQ(j["runs"]["many_workers"]["phases"]["idle_at_end_seconds"].get<double>(), 3.75);
  EXPECT_FALSE(j["runs"]["serial_pass"].contains("phases"));
}

}  // namespace
}  // namespace dsconform
