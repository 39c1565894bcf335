#ifndef DSCONFORM_HARNESS_BENCH_BENCH_FIGURES_H_
#define DSCONFORM_HARNESS_BENCH_BENCH_FIGURES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/bench/serial_pass.h"
#include "harness/bench/timed_engine.h"

namespace dsconform {

// Where a whole run's wall time went, phase by phase (the whole runs only).
struct RunPhases {
  double generation_seconds = 0;  // the suites making their cases
  double plan_seconds = 0;        // unpacking and sizing them, before the workers start
  double workers_seconds = 0;     // the workers, from their start to the last one's end
  double memory_wait_seconds = 0; // summed over workers: waiting for memory before a batch could start
  double idle_at_end_seconds = 0; // summed over workers: done while another ran its last batch
  double reports_seconds = 0;     // records.jsonl, the summaries, report.html, junit.xml
};

// One whole run, as `dsconform run` does it: case generation, engines, diff, expectations, and
// the reports written (to a temporary directory).
struct RunMeasure {
  int workers = 1;
  double wall_seconds = 0;
  double cpu_seconds = 0;       // user + system time of the process over the run, every thread
  int64_t peak_rss_bytes = -1;  // VmHWM over the run (over the process when it could not be reset)
  bool peak_rss_since_start = false;  // the high-water mark could not be reset before the run
  int64_t java_heap_peak_bytes = -1;  // -1: no JVM in this process
  int64_t java_heap_committed_bytes = -1;  // at the end of the run
  RunPhases phases;
  // Per engine (in the order of BenchMeasures::engines), its Run calls over every worker.
  std::vector<std::vector<EngineCall>> engine_calls;
};

// What `dsconform bench` measured, all in one process, so that its ratios compare figures taken
// under the same load.
struct BenchMeasures {
  std::string suites;  // as given, e.g. "hll.*"
  std::string scale;
  int64_t cases = 0;
  std::vector<std::string> engines;  // names, reference first as the run orders them
  int cores = 0;
  std::string allocator;  // the process's malloc ("jemalloc", "glibc"): it weighs on the harness's share
  std::string load_before, load_after;  // /proc/loadavg's first three fields
  double startup_seconds = 0;  // resolving the engines: the JVM and its class loaders, once per process
  double warmup_seconds = 0;   // the smoke slice run once, unmeasured, before everything else

  // The serial pass: one worker, each step timed (harness/bench/serial_pass.h), each engine
  // alone over the prepared stages of every batch.
  RunMeasure serial;
  double generation_seconds = 0;  // case generation and validation
  SerialPassTimes steps;
  double summaries_seconds = 0;  // summary.json, summary.md, report.html, junit.xml

  // The same run as `dsconform run --jobs=1` and `--jobs=N`: of `rounds` runs each (in
  // alternating order, so that neither always meets the better-compiled Java), the fastest, with
  // the largest peak memory of its rounds.
  RunMeasure one_worker;
  RunMeasure many_workers;
  int rounds = 1;
  std::vector<double> one_worker_walls, many_workers_walls;  // every round's wall time, in run order
};

// Folds one more round of a worker count into `best`: the faster run's figures, the larger peaks.
void KeepFastestRound(const RunMeasure& round, bool first, RunMeasure& best);

// The goals of issue 26 for every family's bench (issue 8's were 1.7x, 10% and 2 GiB for HLL's),
// checked against every bench.
struct BenchTargets {
  double min_speedup = 1.8;
  double max_harness_share = 0.05;
  int64_t max_peak_rss_bytes = int64_t{4} << 30;
};

// Least-squares fit of a Java engine's transfer time per call (everything but the library's own
// work: batch encoding, the JNI crossing, program parsing, result encoding and decoding) as
// seconds = per_call + per_stage * stages + per_mb * megabytes of items.
struct TransferFit {
  bool ok = false;  // too few or too alike calls to fit
  double per_call_us = 0;
  double per_stage_us = 0;
  double per_mb_ms = 0;
};
TransferFit FitTransferCost(const std::vector<EngineCall>& calls);

// One engine's calls added up.
struct EngineTotals {
  int64_t calls = 0;
  int64_t stages = 0;
  double item_mb = 0;            // megabytes (10^6 bytes) of item tapes and input images
  double call_seconds = 0;       // wall time of the calls
  bool library_measured = false; // every call was timed from inside the engine (Java)
  // Inside the library: measured from inside when the engine can, else the whole calls (cpp,
  // where a call is the library working on the tape in place, plus building the observations).
  double library_seconds = 0;
  double transfer_seconds = 0;   // call - library, when measured from inside
};
EngineTotals AddUp(const std::vector<EngineCall>& calls);

struct EngineFigures {
  std::string name;
  EngineTotals alone;   // the serial pass: the engine alone over every batch's prepared stages
  EngineTotals in_run;  // the 1-worker run
  double transfer_us_per_stage = 0;  // the serial pass's averages
  double transfer_ms_per_mb = 0;
  TransferFit fit;                   // over the serial pass's calls
};

struct BenchFigures {
  double speedup = 0;  // 1 worker's wall time over N workers'
  double library_seconds = 0;         // every engine's library time, each engine alone (serial pass)
  double in_run_library_seconds = 0;  // the same in the 1-worker run
  // The 1-worker run's wall time less the libraries' own time in that run, and its share of the
  // wall time: case generation, item tapes, getting items and results across, diff, reports.
  double harness_seconds = 0;
  double harness_share = 0;
  // The same against the libraries' time alone (the serial pass runs first, so that one also
  // carries the JIT's warm-up).
  double harness_share_by_alone = 0;
  // Where the serial pass's harness time went. `unaccounted` is its wall time less every piece
  // measured (clock reads, freeing a batch's results, what the operating system took).
  double tapes_seconds = 0;  // item tapes and cross-stage set-up (ExecuteBatch less the engine calls)
  double transfer_seconds = 0;
  double unaccounted_seconds = 0;
  std::vector<EngineFigures> engines;
  int64_t peak_rss_bytes = -1;  // the largest of the three runs
  bool speedup_met = false;
  bool harness_share_met = false;
  bool peak_rss_met = false;
};

BenchFigures ComputeFigures(const BenchMeasures& m, const BenchTargets& targets = BenchTargets());

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_BENCH_BENCH_FIGURES_H_
