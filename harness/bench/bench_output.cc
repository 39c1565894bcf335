#include "harness/bench/bench_output.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace dsconform {
namespace {

std::string Gib(int64_t bytes) {
  if (bytes < 0) return "-";
  return absl::StrFormat("%.2f GiB", static_cast<double>(bytes) / (1 << 30));
}

std::string Mib(int64_t bytes) {
  if (bytes < 0) return "-";
  return absl::StrFormat("%.0f MiB", static_cast<double>(bytes) / (1 << 20));
}

const char* MetOrMissed(bool met) { return met ? "met" : "missed"; }

std::string Walls(const std::vector<double>& walls) {
  return absl::StrJoin(walls, " / ", [](std::string* out, double w) { absl::StrAppendFormat(out, "%.2f", w); });
}

std::string RunLine(const char* label, const RunMeasure& r) {
  return absl::StrFormat("  %-34s %9.2f s   (CPU %.1f s: %.2f cores busy)\n", label, r.wall_seconds, r.cpu_seconds,
                         r.wall_seconds > 0 ? r.cpu_seconds / r.wall_seconds : 0.0);
}

// Where a whole run's wall time went; the waits tell what keeps N workers from N times one.
std::string PhasesLine(const RunMeasure& r) {
  const RunPhases& p = r.phases;
  std::string s = absl::StrFormat("    generation %.2f s, plan %.2f s, workers %.2f s, reports %.2f s\n",
                                  p.generation_seconds, p.plan_seconds, p.workers_seconds, p.reports_seconds);
  if (r.workers > 1)
    absl::StrAppendFormat(&s, "    summed over the workers: waiting for memory %.2f s, idle at the end %.2f s\n",
                          p.memory_wait_seconds, p.idle_at_end_seconds);
  return s;
}

nlohmann::ordered_json PhasesJson(const RunPhases& p) {
  return {{"generation_seconds", p.generation_seconds}, {"plan_seconds", p.plan_seconds},
          {"workers_seconds", p.workers_seconds},       {"memory_wait_seconds", p.memory_wait_seconds},
          {"idle_at_end_seconds", p.idle_at_end_seconds}, {"reports_seconds", p.reports_seconds}};
}

std::string StepLine(const std::string& label, double seconds) {
  return absl::StrFormat("    %-32s %9.2f s\n", label, seconds);
}

nlohmann::ordered_json TotalsJson(const EngineTotals& t) {
  nlohmann::ordered_json j = {{"calls", t.calls},
                              {"stages", t.stages},
                              {"item_mb", t.item_mb},
                              {"call_seconds", t.call_seconds},
                              {"library_seconds", t.library_seconds},
                              {"library_measured_inside", t.library_measured}};
  if (t.library_measured) j["transfer_seconds"] = t.transfer_seconds;
  return j;
}

nlohmann::ordered_json RunJson(const RunMeasure& r) {
  return {{"workers", r.workers},
          {"wall_seconds", r.wall_seconds},
          {"cpu_seconds", r.cpu_seconds},
          {"peak_rss_bytes", r.peak_rss_bytes},
          {"peak_rss_since_start", r.peak_rss_since_start},
          {"java_heap_peak_bytes", r.java_heap_peak_bytes},
          {"java_heap_committed_bytes", r.java_heap_committed_bytes}};
}

// A whole run's measure with its phases (the serial pass times its steps instead).
nlohmann::ordered_json WholeRunJson(const RunMeasure& r) {
  nlohmann::ordered_json j = RunJson(r);
  j["phases"] = PhasesJson(r.phases);
  return j;
}

}  // namespace

std::string FormatBenchText(const BenchMeasures& m, const BenchFigures& f, const BenchTargets& t) {
  std::string s = absl::StrFormat("dsconform bench: %d cases of %s (%s) on %s\n", m.cases, m.suites, m.scale,
                                  absl::StrJoin(m.engines, ", "));
  absl::StrAppendFormat(&s, "machine: %d cores; malloc of %s; load average %s before, %s after\n", m.cores,
                        m.allocator, m.load_before, m.load_after);
  absl::StrAppendFormat(&s, "engine start-up (JVM and class loaders, once per process) %.2f s; warm-up (smoke slice, "
                        "unmeasured) %.2f s\n\n", m.startup_seconds, m.warmup_seconds);

  s += "whole run (case generation, engines, diff, expectations, reports to a temporary directory)\n";
  if (m.rounds > 1)
    absl::StrAppendFormat(&s, "  fastest of %d rounds, in alternating order; every round: 1 worker %s s, %d workers %s s\n",
                          m.rounds, Walls(m.one_worker_walls), m.many_workers.workers, Walls(m.many_workers_walls));
  s += RunLine("1 worker", m.one_worker);
  s += PhasesLine(m.one_worker);
  s += RunLine(absl::StrCat(m.many_workers.workers, " workers").c_str(), m.many_workers);
  s += PhasesLine(m.many_workers);
  absl::StrAppendFormat(&s, "  %-34s %9.2fx   target >= %.1fx: %s\n\n", "speedup", f.speedup, t.min_speedup,
                        MetOrMissed(f.speedup_met));

  absl::StrAppendFormat(&s, "%-36s %20s %20s\n", "library calls", "alone (serial pass)", "in the 1-worker run");
  for (const EngineFigures& e : f.engines) {
    absl::StrAppendFormat(&s, "  %-34s %18.2f s %18.2f s   %s\n", e.name, e.alone.library_seconds,
                          e.in_run.library_seconds,
                          e.alone.library_measured ? "inside the JVM (System.nanoTime around each step)"
                                                   : "whole calls (the library reading the tape in place)");
  }
  absl::StrAppendFormat(&s, "  %-34s %18.2f s %18.2f s\n\n", "all libraries", f.library_seconds,
                        f.in_run_library_seconds);

  absl::StrAppendFormat(&s, "harness share of the 1-worker wall time: %.1f%% (%.2f s of %.2f s)   target <= %.0f%%: %s\n",
                        100 * f.harness_share, f.harness_seconds, m.one_worker.wall_seconds,
                        100 * t.max_harness_share, MetOrMissed(f.harness_share_met));
  absl::StrAppendFormat(&s, "  (against the libraries' time alone: %.1f%%)\n", 100 * f.harness_share_by_alone);
  absl::StrAppendFormat(&s, "  the serial pass (%.2f s), step by step:\n", m.serial.wall_seconds);
  s += StepLine("case generation", m.generation_seconds);
  s += StepLine("cases unpacked", m.steps.unpack_seconds);
  s += StepLine("item tapes, cross-stage set-up", f.tapes_seconds);
  for (const EngineFigures& e : f.engines) s += StepLine(absl::StrCat(e.name, " library"), e.alone.library_seconds);
  for (const EngineFigures& e : f.engines)
    if (e.alone.library_measured) s += StepLine(absl::StrCat(e.name, " transfer (JNI)"), e.alone.transfer_seconds);
  s += StepLine("diff, invariants, expectations", m.steps.records_seconds);
  s += StepLine("records journal", m.steps.sink_seconds);
  s += StepLine("records.jsonl, summaries, HTML", m.summaries_seconds);
  s += StepLine("unaccounted", f.unaccounted_seconds);
  s += "\n";

  bool any_jni = false;
  for (const EngineFigures& e : f.engines) {
    if (!e.alone.library_measured) continue;
    any_jni = true;
    absl::StrAppendFormat(&s,
                          "JNI cost of %s (batch encode, JNI call, program parse, result encode and decode), serial pass: "
                          "%.2f s over %d calls, %d case stages, %.1f MB of items and images\n",
                          e.name, e.alone.transfer_seconds, e.alone.calls, e.alone.stages, e.alone.item_mb);
    absl::StrAppendFormat(&s, "  %-34s %9.1f us per case stage, %.3f ms per MB\n", "average", e.transfer_us_per_stage,
                          e.transfer_ms_per_mb);
    if (e.fit.ok) {
      absl::StrAppendFormat(&s, "  %-34s %9.1f us per call + %.1f us per case stage + %.3f ms per MB\n",
                            "least-squares fit over the calls", e.fit.per_call_us, e.fit.per_stage_us, e.fit.per_mb_ms);
    }
  }
  if (any_jni) s += "\n";

  absl::StrAppendFormat(&s, "peak memory %23s %12s %12s\n", "serial pass", "1 worker",
                        absl::StrCat(m.many_workers.workers, " workers"));
  absl::StrAppendFormat(&s, "  %-21s %12s %12s %12s   target < %s: %s%s\n", "RSS (VmHWM)", Gib(m.serial.peak_rss_bytes),
                        Gib(m.one_worker.peak_rss_bytes), Gib(m.many_workers.peak_rss_bytes),
                        Gib(t.max_peak_rss_bytes), MetOrMissed(f.peak_rss_met),
                        m.one_worker.peak_rss_since_start ? " (peaks since the process started)" : "");
  if (m.serial.java_heap_peak_bytes >= 0) {
    absl::StrAppendFormat(&s, "  %-21s %12s %12s %12s\n", "Java heap, peak used", Mib(m.serial.java_heap_peak_bytes),
                          Mib(m.one_worker.java_heap_peak_bytes), Mib(m.many_workers.java_heap_peak_bytes));
    absl::StrAppendFormat(&s, "  %-21s %12s %12s %12s\n", "Java heap, committed", Mib(m.serial.java_heap_committed_bytes),
                          Mib(m.one_worker.java_heap_committed_bytes), Mib(m.many_workers.java_heap_committed_bytes));
  }
  return s;
}

nlohmann::ordered_json BenchToJson(const BenchMeasures& m, const BenchFigures& f, const BenchTargets& t) {
  nlohmann::ordered_json engines = nlohmann::ordered_json::array();
  for (const EngineFigures& e : f.engines) {
    nlohmann::ordered_json j = {{"name", e.name}, {"alone", TotalsJson(e.alone)}, {"in_one_worker_run", TotalsJson(e.in_run)}};
    if (e.alone.library_measured) {
      j["transfer_us_per_stage"] = e.transfer_us_per_stage;
      j["transfer_ms_per_mb"] = e.transfer_ms_per_mb;
      if (e.fit.ok)
        j["transfer_fit"] = {{"per_call_us", e.fit.per_call_us},
                             {"per_stage_us", e.fit.per_stage_us},
                             {"per_mb_ms", e.fit.per_mb_ms}};
    }
    engines.push_back(std::move(j));
  }
  return {
      {"bench",
       {{"cases", m.cases},
        {"suites", m.suites},
        {"scale", m.scale},
        {"engines", m.engines},
        {"cores", m.cores},
        {"allocator", m.allocator},
        {"load_before", m.load_before},
        {"load_after", m.load_after},
        {"startup_seconds", m.startup_seconds},
        {"warmup_seconds", m.warmup_seconds}}},
      {"runs", {{"serial_pass", RunJson(m.serial)}, {"one_worker", WholeRunJson(m.one_worker)},
                {"many_workers", WholeRunJson(m.many_workers)}, {"speedup", f.speedup}, {"rounds", m.rounds},
                {"one_worker_walls", m.one_worker_walls}, {"many_workers_walls", m.many_workers_walls}}},
      {"engines", engines},
      {"harness",
       {{"library_seconds_alone", f.library_seconds},
        {"library_seconds_in_one_worker_run", f.in_run_library_seconds},
        {"harness_seconds", f.harness_seconds},
        {"harness_share", f.harness_share},
        {"harness_share_by_libraries_alone", f.harness_share_by_alone},
        {"serial_pass_steps",
         {{"generation_seconds", m.generation_seconds},
          {"tapes_seconds", f.tapes_seconds},
          {"transfer_seconds", f.transfer_seconds},
          {"records_seconds", m.steps.records_seconds},
          {"unpack_seconds", m.steps.unpack_seconds},
          {"records_jsonl_seconds", m.steps.sink_seconds},
          {"summaries_seconds", m.summaries_seconds},
          {"unaccounted_seconds", f.unaccounted_seconds}}}}},
      {"memory", {{"peak_rss_bytes", f.peak_rss_bytes}}},
      {"targets",
       {{"speedup", {{"min", t.min_speedup}, {"value", f.speedup}, {"met", f.speedup_met}}},
        {"harness_share", {{"max", t.max_harness_share}, {"value", f.harness_share}, {"met", f.harness_share_met}}},
        {"peak_rss_bytes",
         {{"max", t.max_peak_rss_bytes}, {"value", f.peak_rss_bytes}, {"met", f.peak_rss_met}}}}},
  };
}

}  // namespace dsconform
