// `dsconform bench`: how fast and how big a run is, and how much of it is the harness's own
// work. Every figure comes from one process, so that ratios compare what ran under one load:
// a serial pass with a clock around each step (each engine alone over every batch's prepared
// stages), then the whole run as `dsconform run` does it with 1 worker and with N, --rounds times.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/bench/bench_figures.h"
#include "harness/bench/bench_output.h"
#include "harness/engine/process/process_memory.h"
#include "harness/run/memory_budget.h"
#include "harness/run/seconds_since.h"
#include "harness/bench/serial_pass.h"
#include "harness/bench/timed_engine.h"
#include "frontends/cli/allocator.h"
#include "frontends/cli/case_selection.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "frontends/cli/engine_catalog.h"
#include "frontends/cli/report_output.h"
#include "frontends/cli/run_execution.h"
#include "harness/expect/known_differences.h"
#include "java-bridge/jvm_heap.h"
#include "sketches/compiled_families.h"

namespace dsconform {
namespace {

using SteadyClock = std::chrono::steady_clock;

double ProcessCpuSeconds() {
  struct rusage u;
  if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

// "0.52 0.60 0.71": how busy the machine was, so a reader can judge the figures.
std::string LoadAverage() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(in >> one >> five >> fifteen)) return "unknown";
  return absl::StrCat(one, " ", five, " ", fifteen);
}

// Clocks and memory peaks of one run of the bench, started afresh when it is made.
class RunMeter {
 public:
  explicit RunMeter(int workers) : cpu_(ProcessCpuSeconds()) {
    measure_.workers = workers;
    measure_.peak_rss_since_start = !ResetPeakRss();
    (void)ReadJvmHeapUsage(/*reset_peaks=*/true);  // no JVM: nothing to reset
    start_ = SteadyClock::now();
  }

  RunMeasure Finish() {
    measure_.wall_seconds = SecondsSince(start_);
    measure_.cpu_seconds = ProcessCpuSeconds() - cpu_;
    measure_.peak_rss_bytes = ReadProcessMemory().peak_rss_bytes;
    if (auto heap = ReadJvmHeapUsage(/*reset_peaks=*/false); heap.ok()) {
      measure_.java_heap_peak_bytes = heap->peak_used_bytes;
      measure_.java_heap_committed_bytes = heap->committed_bytes;
    }
    return measure_;
  }

 private:
  double cpu_;
  SteadyClock::time_point start_;
  RunMeasure measure_;
};

// What every run of one bench shares.
struct BenchSetup {
  std::vector<EngineFactory*> factories;
  RunOptions options;  // reference, known differences, stop signal
  RunInfo info;
  std::string temp_root;  // each run writes its reports under here
};

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// The console summary `dsconform run` prints is part of its work, but not of the bench's output.
absl::Status FinishQuietly(ReportOutput& output, const RunInfo& info) {
  std::unique_ptr<std::FILE, FileCloser> devnull(std::fopen("/dev/null", "w"));
  if (!devnull) return absl::InternalError("cannot open /dev/null");
  return output.Finish(info, "", devnull.get()).status();
}

// The whole run as `dsconform run --jobs=workers` does it, from case generation to the last
// report file. The engines are wrapped in timers (two clock reads per batch), so that the
// libraries' share of this very run is known.
absl::StatusOr<RunMeasure> TimeWholeRun(const BenchSetup& setup, int workers, const std::string& dir) {
  RunMeter meter(workers);
  RunPhases phases;
  auto start = SteadyClock::now();
  auto cases = LoadCasesFromFlags();
  if (!cases.ok()) return cases.status();
  phases.generation_seconds = SecondsSince(start);
  auto output = ReportOutput::Open(dir, /*resume=*/false, CompiledFamilies().truth_kinds(),
                                   setup.options.known_differences);
  if (!output.ok()) return output.status();
  auto engines = CreateEngines(setup.factories, workers);
  if (!engines.ok()) return engines.status();
  WrapInTimers(*engines);
  RunOptions options = setup.options;
  options.jobs = workers;
  options.records_beside = LeavesACoreIdle(workers);
  auto stats = RunCases(*cases, EveryCase(*cases), *engines, options, **output, ProgressFn());
  if (!stats.ok()) return stats.status();
  if (stats->interrupted) return absl::CancelledError("interrupted");
  phases.plan_seconds = stats->plan_seconds;
  phases.workers_seconds = stats->workers_seconds;
  phases.memory_wait_seconds = stats->memory_wait_seconds;
  phases.idle_at_end_seconds = stats->idle_at_end_seconds;
  start = SteadyClock::now();
  if (auto st = FinishQuietly(**output, setup.info); !st.ok()) return st;
  output->reset();
  phases.reports_seconds = SecondsSince(start);
  std::vector<std::vector<EngineCall>> calls;
  for (size_t e = 0; e < setup.factories.size(); ++e) calls.push_back(CallsOf(*engines, e));
  engines->clear();
  RunMeasure measure = meter.Finish();
  measure.engine_calls = std::move(calls);
  measure.phases = phases;
  return measure;
}

// The serial pass: one worker, engines wrapped in timers, every step of the run on a clock.
absl::Status TimeSerialPass(const BenchSetup& setup, const std::string& dir, BenchMeasures& m) {
  RunMeter meter(1);
  auto start = SteadyClock::now();
  auto cases = LoadCasesFromFlags();
  if (!cases.ok()) return cases.status();
  m.generation_seconds = SecondsSince(start);
  m.cases = static_cast<int64_t>(cases->size());
  auto output = ReportOutput::Open(dir, /*resume=*/false, CompiledFamilies().truth_kinds(),
                                   setup.options.known_differences);
  if (!output.ok()) return output.status();
  auto engines = CreateEngines(setup.factories, 1);
  if (!engines.ok()) return engines.status();
  WrapInTimers(*engines);
  auto steps = RunSerialPass(*cases, (*engines)[0], setup.options, **output);
  if (!steps.ok()) return steps.status();
  if (steps->interrupted) return absl::CancelledError("interrupted");
  m.steps = *steps;
  start = SteadyClock::now();
  if (auto st = FinishQuietly(**output, setup.info); !st.ok()) return st;
  m.summaries_seconds = SecondsSince(start);
  std::vector<std::vector<EngineCall>> calls;
  for (size_t e = 0; e < setup.factories.size(); ++e) calls.push_back(CallsOf(*engines, e));
  output->reset();
  engines->clear();
  m.serial = meter.Finish();
  m.serial.engine_calls = std::move(calls);
  return absl::OkStatus();
}

class DiscardingSink final : public RecordSink {
 public:
  absl::Status Write(const std::vector<IndexedCase>&, std::vector<Record>) override { return absl::OkStatus(); }
};

// Runs the smoke slice of the suites once, unmeasured, so that no measured run carries the JIT's
// first compilations of the library and the bridge. Returns how long it took.
absl::StatusOr<double> WarmUp(const BenchSetup& setup) {
  const auto start = SteadyClock::now();
  auto cases = SelectCases(setup.info.suites, SuiteScale::kSmoke, {});
  if (!cases.ok()) return 0.0;  // --cases_file or --tck_dir: nothing to warm up with
  auto engines = CreateEngines(setup.factories, 1);
  if (!engines.ok()) return engines.status();
  DiscardingSink sink;
  auto pass = RunSerialPass(*cases, (*engines)[0], setup.options, sink);
  if (!pass.ok()) return pass.status();
  if (pass->interrupted) return absl::CancelledError("interrupted");
  return SecondsSince(start);
}

absl::StatusOr<std::string> MakeTempRoot() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = absl::StrCat(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp", "/dsconform-bench-XXXXXX");
  if (mkdtemp(pattern.data()) == nullptr)
    return absl::FailedPreconditionError(absl::StrCat("cannot make a temporary directory ", pattern));
  return pattern;
}

int Failed(const absl::Status& st) {
  if (absl::IsCancelled(st)) {
    std::fprintf(stderr, "dsconform: bench interrupted\n");
    return kExitInterrupted;
  }
  return UsageError(absl::StrCat("bench: ", st.message()));
}

}  // namespace

int BenchCommand(const std::vector<std::string>& args, const std::string& command_line) {
  if (!args.empty()) return UsageError(absl::StrCat("bench takes no positional arguments, got '", args[0], "'"));
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int many = absl::GetFlag(FLAGS_jobs) > 0 ? absl::GetFlag(FLAGS_jobs) : std::max(2, cores);
  if (many < 2) return UsageError("bench compares 1 worker with --jobs workers: give --jobs=2 or more");
  const int rounds = absl::GetFlag(FLAGS_rounds);
  if (rounds < 1) return UsageError(absl::StrCat("--rounds: 1 or more, got ", rounds));

  BenchMeasures m;
  m.suites = absl::GetFlag(FLAGS_suite);
  m.scale = absl::GetFlag(FLAGS_scale);
  m.cores = cores;
  m.allocator = AllocatorName();
  m.load_before = LoadAverage();

  EngineRequest request = EngineRequestFromFlags();
  // The native library against Java; without a native engine, Java on the heap against Java in a MemorySegment.
  if (request.specs.empty() || request.specs == std::vector<std::string>{"auto"})
    request.specs = HaveCpp() ? std::vector<std::string>{"cpp", "java"} : std::vector<std::string>{"java", "java-direct"};
  auto start = SteadyClock::now();
  auto factories = ResolveEngines(request);
  if (!factories.ok()) return UsageError(std::string(factories.status().message()));
  m.startup_seconds = SecondsSince(start);

  BenchSetup setup;
  for (auto& f : *factories) setup.factories.push_back(f.get());
  auto known = KnownDifferencesFromFlag();
  if (!known.ok()) return UsageError(std::string(known.status().message()));
  if (!known->paths.empty()) setup.options.known_differences = &*known;
  const std::string reference = absl::GetFlag(FLAGS_reference);
  for (auto* factory : setup.factories) setup.info.engines.push_back(factory->name());
  auto reference_index = ReferenceIndex(setup.info.engines, reference);
  if (!reference_index.ok()) return UsageError(std::string(reference_index.status().message()));
  setup.options.reference = *reference_index;
  setup.info.reference = setup.info.engines[setup.options.reference];
  setup.info.command_line = command_line;
  setup.info.suites = SplitList(absl::GetFlag(FLAGS_suite));
  setup.info.known_differences = known->Describe();
  setup.options.should_stop = InstallStopSignals();
  setup.options.families = &CompiledFamilies();
  setup.options.memory_budget_bytes = CasesBytes(request.memory_budget_bytes);  // ResolveEngines checked it
  setup.options.java_heap_bytes = JavaHeapOfRun(request.memory_budget_bytes);
  m.engines = setup.info.engines;

  auto temp_root = MakeTempRoot();
  if (!temp_root.ok()) return UsageError(std::string(temp_root.status().message()));
  setup.temp_root = *temp_root;
  const auto run_dir = [&](const std::string& name) { return setup.temp_root + "/" + name; };

  std::fprintf(stderr, "dsconform bench: %s (%s) on %s; reports under %s\n", m.suites.c_str(), m.scale.c_str(),
               absl::StrJoin(m.engines, ", ").c_str(), setup.temp_root.c_str());
  std::fprintf(stderr, "dsconform bench: warm-up on the smoke slice ...\n");
  auto warm = WarmUp(setup);
  if (!warm.ok()) return Failed(warm.status());
  m.warmup_seconds = *warm;
  std::fprintf(stderr, "dsconform bench: serial pass, every step timed ...\n");
  absl::Status st = TimeSerialPass(setup, run_dir("serial"), m);
  std::filesystem::remove_all(run_dir("serial"));
  if (!st.ok()) return Failed(st);
  // Alternating order: in one JVM a later run meets better-compiled Java, so a fixed order would
  // favour the worker count that always runs second.
  m.rounds = rounds;
  for (int round = 0; round < rounds; ++round) {
    const bool one_first = round % 2 == 0;
    for (int workers : {one_first ? 1 : many, one_first ? many : 1}) {
      std::fprintf(stderr, "dsconform bench: whole run, %d worker%s (round %d of %d) ...\n", workers,
                   workers == 1 ? "" : "s", round + 1, rounds);
      const std::string dir = run_dir(absl::StrCat("jobs", workers));
      auto measured = TimeWholeRun(setup, workers, dir);
      std::filesystem::remove_all(dir);
      if (!measured.ok()) return Failed(measured.status());
      RunMeasure& best = workers == 1 ? m.one_worker : m.many_workers;
      std::vector<double>& walls = workers == 1 ? m.one_worker_walls : m.many_workers_walls;
      KeepFastestRound(*measured, walls.empty(), best);
      walls.push_back(measured->wall_seconds);
    }
  }
  std::filesystem::remove_all(setup.temp_root);
  m.load_after = LoadAverage();

  const BenchTargets targets;
  const BenchFigures figures = ComputeFigures(m, targets);
  if (absl::GetFlag(FLAGS_json)) {
    std::fputs((BenchToJson(m, figures, targets).dump(2) + "\n").c_str(), stdout);
  } else {
    std::fputs(FormatBenchText(m, figures, targets).c_str(), stdout);
  }
  return kExitClean;
}

}  // namespace dsconform
