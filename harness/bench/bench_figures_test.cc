#include "harness/bench/bench_figures.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

EngineCall Call(int64_t stages, double mb, double seconds, std::optional<double> library) {
  EngineCall c;
  c.stages = stages;
  c.item_bytes = static_cast<int64_t>(mb * 1e6);
  c.seconds = seconds;
  c.library_seconds = library;
  return c;
}

// A Java engine whose transfer costs exactly 100 us per call, 5 us per stage and 0.5 ms per MB.
std::vector<EngineCall> ExactJavaCalls() {
  std::vector<EngineCall> calls;
  const int64_t stages[] = {64, 1, 64, 3, 10, 1};
  const double mbs[] = {0.1, 128.0, 2.5, 16.0, 0.0, 64.0};
  for (int i = 0; i < 6; ++i) {
    const double transfer = 100e-6 + 5e-6 * static_cast<double>(stages[i]) + 0.5e-3 * mbs[i];
    calls.push_back(Call(stages[i], mbs[i], 2.0 + transfer, 2.0));
  }
  return calls;
}

BenchMeasures Measures() {
  BenchMeasures m;
  m.engines = {"cpp@5.2.0", "java@9.1.0"};
  m.one_worker.wall_seconds = 100;
  m.many_workers.workers = 2;
  m.many_workers.wall_seconds = 55;
  m.serial.wall_seconds = 104;
  m.generation_seconds = 1;
  m.steps.execute_seconds = 92;
  m.steps.records_seconds = 6;
  m.steps.sink_seconds = 2;
  m.summaries_seconds = 2.5;
  // Alone, cpp: whole calls are its library time; java: 45 s of 50 inside the JVM.
  m.serial.engine_calls = {{Call(64, 1, 25, std::nullopt), Call(64, 1, 15, std::nullopt)},
                           {Call(64, 1, 30, 27.0), Call(64, 1, 20, 18.0)}};
  // In the 1-worker run: 41 s of cpp, 44 s of 51 inside the JVM.
  m.one_worker.engine_calls = {{Call(128, 2, 41, std::nullopt)}, {Call(128, 2, 51, 44.0)}};
  m.serial.peak_rss_bytes = int64_t{1} << 30;
  m.one_worker.peak_rss_bytes = int64_t{3} << 29;
  m.many_workers.peak_rss_bytes = int64_t{9} << 29;  // 4.5 GiB
  return m;
}

TEST(ComputeFigures, SpeedupIsOneWorkerOverManyWorkers) {
  const BenchFigures f = ComputeFigures(Measures());
  EXPECT_DOUBLE_EQ(f.speedup, 100.0 / 55.0);
  EXPECT_TRUE(f.speedup_met);
}

TEST(ComputeFigures, LibraryTimeIsMeasuredInsideWhereTheEngineCanElseWholeCalls) {
  const BenchFigures f = ComputeFigures(Measures());
  ASSERT_EQ(f.engines.size(), 2u);
  EXPECT_FALSE(f.engines[0].alone.library_measured);
  EXPECT_DOUBLE_EQ(f.engines[0].alone.library_seconds, 40);  // cpp: the whole calls
  EXPECT_TRUE(f.engines[1].alone.library_measured);
  EXPECT_DOUBLE_EQ(f.engines[1].alone.library_seconds, 45);
  EXPECT_DOUBLE_EQ(f.engines[1].alone.transfer_seconds, 5);
  EXPECT_EQ(f.engines[1].alone.calls, 2);
  EXPECT_EQ(f.engines[1].alone.stages, 128);
  EXPECT_DOUBLE_EQ(f.engines[1].alone.item_mb, 2);
  EXPECT_DOUBLE_EQ(f.library_seconds, 85);
  EXPECT_DOUBLE_EQ(f.in_run_library_seconds, 85);
}

TEST(ComputeFigures, HarnessShareIsTheRunsWallTimeLessItsLibrariesOwnTime) {
  BenchMeasures m = Measures();
  m.one_worker.engine_calls[1][0].library_seconds = 40.0;  // 81 s of libraries in the run
  const BenchFigures f = ComputeFigures(m);
  EXPECT_DOUBLE_EQ(f.harness_seconds, 19);
  EXPECT_DOUBLE_EQ(f.harness_share, 0.19);
  EXPECT_DOUBLE_EQ(f.harness_share_by_alone, 0.15);  // 100 s less the 85 s measured alone
  EXPECT_FALSE(f.harness_share_met);
  m.one_worker.wall_seconds = 90;
  m.one_worker.engine_calls[1][0].library_seconds = 44.0;
  m.one_worker.engine_calls[0][0].seconds = 42;  // 4 s of 90 outside the libraries: 4.4%
  EXPECT_TRUE(ComputeFigures(m).harness_share_met);
}

TEST(ComputeFigures, SerialPassStepsAddUpToItsWallTime) {
  const BenchFigures f = ComputeFigures(Measures());
  EXPECT_DOUBLE_EQ(f.tapes_seconds, 92 - 90);  // ExecuteBatch less the engine calls
  EXPECT_DOUBLE_EQ(f.unaccounted_seconds, 104 - 1 - 92 - 6 - 2 - 2.5);
}

TEST(ComputeFigures, TransferPerStageAndPerMegabyteAreAverages) {
  const BenchFigures f = ComputeFigures(Measures());
  EXPECT_DOUBLE_EQ(f.engines[1].transfer_us_per_stage, 5e6 / 128);
  EXPECT_DOUBLE_EQ(f.engines[1].transfer_ms_per_mb, 5e3 / 2);
  EXPECT_FALSE(f.engines[1].fit.ok);  // two calls cannot fit three costs
  EXPECT_EQ(f.engines[0].transfer_us_per_stage, 0);  // nothing measured inside cpp
}

TEST(ComputeFigures, PeakRssIsTheLargestRunsAgainstFourGibibytes) {
  BenchMeasures m = Measures();
  BenchFigures f = ComputeFigures(m);
  EXPECT_EQ(f.peak_rss_bytes, int64_t{9} << 29);
  EXPECT_FALSE(f.peak_rss_met);
  m.many_workers.peak_rss_bytes = int64_t{1} << 30;
  f = ComputeFigures(m);
  EXPECT_EQ(f.peak_rss_bytes, int64_t{3} << 29);
  EXPECT_TRUE(f.peak_rss_met);
}

TEST(ComputeFigures, NothingMeasuredMeetsNoTarget) {
  const BenchFigures f = ComputeFigures(BenchMeasures());
  EXPECT_FALSE(f.speedup_met);
  EXPECT_FALSE(f.harness_share_met);
  EXPECT_FALSE(f.peak_rss_met);
}

TEST(KeepFastestRound, KeepsTheFasterRunAndTheLargerPeaks) {
  RunMeasure first, second;
  first.wall_seconds = 10;
  first.peak_rss_bytes = 300;
  first.java_heap_peak_bytes = 20;
  second.wall_seconds = 8;
  second.cpu_seconds = 7;
  second.peak_rss_bytes = 200;
  second.java_heap_peak_bytes = 40;
  RunMeasure best;
  KeepFastestRound(first, true, best);
  KeepFastestRound(second, false, best);
  EXPECT_EQ(best.wall_seconds, 8);
  EXPECT_EQ(best.cpu_seconds, 7);
  EXPECT_EQ(best.peak_rss_bytes, 300);
  EXPECT_EQ(best.java_heap_peak_bytes, 40);
}

TEST(FitTransferCost, RecoversExactCosts) {
  const TransferFit fit = FitTransferCost(ExactJavaCalls());
  ASSERT_TRUE(fit.ok);
  EXPECT_NEAR(fit.per_call_us, 100, 1e-6);
  EXPECT_NEAR(fit.per_stage_us, 5, 1e-6);
  EXPECT_NEAR(fit.per_mb_ms, 0.5, 1e-9);
}

TEST(FitTransferCost, NeverGivesANegativeCost) {
  // Transfer proportional to megabytes alone, with one call cheaper than that: an unconstrained
  // fit would give a negative cost per call.
  std::vector<EngineCall> calls;
  for (double mb : {1.0, 2.0, 4.0, 8.0}) calls.push_back(Call(1, mb, 1 + mb * 1e-3, 1.0));
  calls.push_back(Call(1, 0.0, 1.0, 1.0));
  calls.back().seconds = 0.5;  // the library took longer than the call: clamped to no transfer
  const TransferFit fit = FitTransferCost(calls);
  ASSERT_TRUE(fit.ok);
  EXPECT_GE(fit.per_call_us, 0);
  EXPECT_GE(fit.per_stage_us, 0);
  EXPECT_NEAR(fit.per_mb_ms, 1.0, 0.05);
}

TEST(FitTransferCost, NeedsCallsTimedFromInside) {
  std::vector<EngineCall> calls = ExactJavaCalls();
  calls.resize(3);
  EXPECT_FALSE(FitTransferCost(calls).ok);
  std::vector<EngineCall> unmeasured(6, Call(1, 1.0, 1.0, std::nullopt));
  EXPECT_FALSE(FitTransferCost(unmeasured).ok);
}

}  // namespace
}  // namespace dsconform
