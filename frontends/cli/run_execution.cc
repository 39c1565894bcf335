#include "frontends/cli/run_execution.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "frontends/cli/case_selection.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "frontends/cli/engine_catalog.h"
#include "frontends/cli/report_output.h"
#include "frontends/cli/test_signal.h"
#include "harness/case/glob_match.h"
#include "harness/engine/process/child_process.h"
#include "harness/engine/process/process_memory.h"
#include "harness/run/memory_budget.h"
#include "harness/expect/known_differences.h"
#include "harness/expect/rule_drafts.h"
#include "harness/fuzz/fuzz_cases.h"
#include "harness/run/runner.h"
#include "harness/tck/tck_import.h"
#include "harness/truth/distinct/distinct_kind.h"
#include "harness/truth/ranks/rank_kind.h"
#include "reports/record_stream.h"
#include "reports/record_text.h"
#include "reports/run_summary.h"
#include "sketches/compiled_families.h"

namespace dsconform {
namespace {

std::atomic<bool> g_stop{false};

// The first interrupt lets the batches under way finish, then writes records.jsonl and the
// summaries of what is done; a second one stops at once, leaving every batch finished before it in
// the journal (the batches under way are run again by --resume).
void OnSignal(int) {
  static constexpr char kFirst[] =
      "\ndsconform: stopping after the batches under way, then writing the reports; interrupt again to stop now\n";
  static constexpr char kSecond[] =
      "\ndsconform: stopped; every finished batch is kept in records.journal.jsonl, --resume runs the other cases\n";
  if (!g_stop.exchange(true)) {
    (void)!::write(STDERR_FILENO, kFirst, sizeof kFirst - 1);
    return;
  }
  (void)!::write(STDERR_FILENO, kSecond, sizeof kSecond - 1);
  KillAllChildProcessGroups();  // engines in their own process groups would compute on, orphaned
  ::_exit(130);
}

struct Shard {
  int64_t index = 0, count = 1;
};

// --shard=env: the shard a test runner gives its jobs (GoogleTest's variables, which ctest and
// CI matrices set), so one command line serves every job of a matrix.
absl::StatusOr<std::string> ShardFromEnvironment() {
  const char* index = std::getenv("GTEST_SHARD_INDEX");
  const char* total = std::getenv("GTEST_TOTAL_SHARDS");
  if (index == nullptr || total == nullptr)
    return absl::InvalidArgumentError(
        "--shard=env: GTEST_SHARD_INDEX and GTEST_TOTAL_SHARDS must both be set (or give --shard=I/N)");
  return absl::StrCat(index, "/", total);
}

absl::StatusOr<Shard> ParseShard(std::string text) {
  Shard s;
  if (text.empty()) return s;
  if (text == "env") {
    auto from_env = ShardFromEnvironment();
    if (!from_env.ok()) return from_env.status();
    text = *from_env;
  }
  std::vector<std::string> parts = absl::StrSplit(text, '/');
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &s.index) || !absl::SimpleAtoi(parts[1], &s.count) ||
      s.count < 1 || s.index < 0 || s.index >= s.count)
    return absl::InvalidArgumentError(absl::StrCat("--shard=", text, ": expected I/N with 0 <= I < N"));
  return s;
}

}  // namespace

std::function<bool()> InstallStopSignals() {
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  return [] { return g_stop.load(); };
}

std::vector<Case> FilterByCaseFlag(std::vector<Case> cases) {
  const auto globs = SplitList(absl::GetFlag(FLAGS_cases));
  if (globs.empty()) return cases;
  std::vector<Case> kept;
  for (auto& c : cases)
    for (const auto& g : globs)
      if (GlobMatch(g, c.id)) {
        kept.push_back(std::move(c));
        break;
      }
  return kept;
}

absl::StatusOr<CaseStore> LoadCasesFromFlags() {
  auto scale = ParseScale(absl::GetFlag(FLAGS_scale));
  if (!scale.ok()) return scale.status();
  if (!absl::GetFlag(FLAGS_fuzz_from).empty()) {
    auto seeds = ReadCorpus(absl::GetFlag(FLAGS_fuzz_from), CompiledFamilies());
    if (!seeds.ok()) return seeds.status();
    if (absl::GetFlag(FLAGS_fuzz_per_image) < 1) return absl::InvalidArgumentError("--fuzz_per_image must be at least 1");
    return CaseStore(FilterByCaseFlag(
        FuzzCases(*seeds, CompiledFamilies(), absl::GetFlag(FLAGS_fuzz_seed), absl::GetFlag(FLAGS_fuzz_per_image))));
  }
  if (!absl::GetFlag(FLAGS_tck_dir).empty()) {
    auto tck = ImportTckSnapshots(absl::GetFlag(FLAGS_tck_dir), CompiledFamilies());
    if (!tck.ok()) return tck.status();
    std::fprintf(stderr, "dsconform: %d snapshot files in %s: %zu cases\n", tck->files,
                 absl::GetFlag(FLAGS_tck_dir).c_str(), tck->cases.size());
    for (const auto& [family, files] : tck->skipped)
      std::fprintf(stderr, "  skipped, family %s not supported yet: %zu files (%s%s)\n", family.c_str(), files.size(),
                   files.front().c_str(), files.size() > 1 ? ", ..." : "");
    return CaseStore(FilterByCaseFlag(std::move(tck->cases)));
  }
  if (!absl::GetFlag(FLAGS_cases_file).empty()) {
    auto cases = ReadCasesFile(absl::GetFlag(FLAGS_cases_file));
    if (!cases.ok()) return cases.status();
    return CaseStore(FilterByCaseFlag(std::move(*cases)));
  }
  return SelectCases(SplitList(absl::GetFlag(FLAGS_suite)), *scale, SplitList(absl::GetFlag(FLAGS_cases)));
}

std::vector<std::string> SuitesFromFlags() {
  if (!absl::GetFlag(FLAGS_fuzz_from).empty()) return {"fuzz"};
  if (!absl::GetFlag(FLAGS_tck_dir).empty()) return {"tck"};
  if (!absl::GetFlag(FLAGS_cases_file).empty()) return {};
  return SplitList(absl::GetFlag(FLAGS_suite));
}

std::string CaseSourceFromFlags() {
  if (!absl::GetFlag(FLAGS_fuzz_from).empty())
    return absl::StrCat("--fuzz_from=", ShellWord(absl::GetFlag(FLAGS_fuzz_from)),
                        " --fuzz_seed=", absl::GetFlag(FLAGS_fuzz_seed),
                        " --fuzz_per_image=", absl::GetFlag(FLAGS_fuzz_per_image));
  if (!absl::GetFlag(FLAGS_tck_dir).empty()) return "--tck_dir=" + ShellWord(absl::GetFlag(FLAGS_tck_dir));
  if (!absl::GetFlag(FLAGS_cases_file).empty()) return "--cases_file=" + ShellWord(absl::GetFlag(FLAGS_cases_file));
  return "";
}

absl::StatusOr<KnownDifferences> KnownDifferencesFromFlag(bool missing_is_empty) {
  const std::vector<std::string> paths = absl::StrSplit(absl::GetFlag(FLAGS_expectations), ',', absl::SkipEmpty());
  if (paths.empty()) return KnownDifferences();
  std::vector<std::string> present;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (missing_is_empty && !std::filesystem::exists(p, ec)) continue;
    present.push_back(p);
  }
  auto loaded = LoadKnownDifferences(present);
  if (loaded.ok()) loaded->paths = paths;
  return loaded;
}

absl::Status AppendDraftRules(const KnownDifferences& known, const std::vector<Record>& records, std::FILE* log) {
  std::string dir;
  for (const std::string& p : known.paths) {
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
      dir = p;
      break;
    }
  }
  int64_t total = 0;
  for (const auto& [family, lines] : DraftRules(known, records)) {
    const std::string path = dir.empty() ? known.paths.front() : absl::StrCat(dir, "/", family, "/known_differences.jsonl");
    std::error_code ec;
    if (!dir.empty()) std::filesystem::create_directories(absl::StrCat(dir, "/", family), ec);
    std::ofstream out(path, std::ios::app);
    for (const std::string& line : lines) out << line << "\n";
    if (!out) return absl::UnavailableError(absl::StrCat("--update_expectations: cannot append to ", path));
    std::fprintf(log, "dsconform: appended %zu draft rules to %s\n", lines.size(), path.c_str());
    total += static_cast<int64_t>(lines.size());
  }
  if (total > 0)
    std::fprintf(log, "dsconform: each draft says TODO where its finding goes: name the finding, its section in "
                      "docs/findings*.md and the reason, narrow its shape, and merge drafts of one finding into one rule "
                      "before committing (docs/expectations.md)\n");
  else
    std::fprintf(log, "dsconform: every difference of this run is covered by a rule; nothing to add\n");
  return absl::OkStatus();
}

absl::StatusOr<Progress::Style> ProgressStyleFromFlag() {
  const std::string p = absl::GetFlag(FLAGS_progress);
  if (p == "auto") return Progress::Detect(stderr);
  if (p == "terminal") return Progress::Style::kTerminal;
  if (p == "plain") return Progress::Style::kPlain;
  if (p == "none") return Progress::Style::kNone;
  return absl::InvalidArgumentError(absl::StrCat("--progress=", p, ": expected auto, terminal, plain or none"));
}

int ExecuteRun(RunInputs inputs, const std::string& command_line) {
  const CaseStore& cases = inputs.cases;
  // Everything a user can get wrong is checked before any engine starts.
  auto shard = ParseShard(absl::GetFlag(FLAGS_shard));
  if (!shard.ok()) return UsageError(std::string(shard.status().message()));
  auto style = ProgressStyleFromFlag();
  if (!style.ok()) return UsageError(std::string(style.status().message()));
  auto loaded_known = KnownDifferencesFromFlag(absl::GetFlag(FLAGS_update_expectations));
  if (!loaded_known.ok()) return UsageError(std::string(loaded_known.status().message()));
  const KnownDifferences known = std::move(*loaded_known);
  const bool judged = !known.paths.empty();
  if (!judged && absl::GetFlag(FLAGS_update_expectations))
    return UsageError("--update_expectations needs --expectations=FILE or DIRECTORY");
  if (inputs.engines.size() < 2) return UsageError("a run compares at least two engines (--engines=a,b)");
  auto test_signal = TestSignalFromEnvironment();
  if (!test_signal.ok()) return UsageError(std::string(test_signal.status().message()));
  const std::string dir = absl::GetFlag(FLAGS_report_dir);
  const TruthKinds& truth_kinds = CompiledFamilies().truth_kinds();
  auto output = ReportOutput::Open(dir, absl::GetFlag(FLAGS_resume), truth_kinds, judged ? &known : nullptr);
  if (!output.ok()) return UsageError(std::string(output.status().message()));
  (*output)->set_compress_records(absl::GetFlag(FLAGS_compress_records));

  std::vector<EngineFactory*> raw;
  for (auto& f : inputs.engines) raw.push_back(f.get());
  int jobs = absl::GetFlag(FLAGS_jobs);
  if (jobs <= 0) jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  RunOptions options;
  auto budget = MemoryBudgetFromFlag();
  if (!budget.ok()) return UsageError(std::string(budget.status().message()));
  options.memory_budget_bytes = CasesBytes(*budget);
  options.java_heap_bytes = JavaHeapOfRun(*budget);
  options.should_stop = InstallStopSignals();
  auto workers = CreateEngines(raw, jobs);
  if (!workers.ok()) return UsageError(std::string(workers.status().message()));

  options.jobs = jobs;
  options.records_beside = LeavesACoreIdle(jobs);
  options.families = &CompiledFamilies();
  options.check_invariants = inputs.check_invariants;
  options.truth_settings = {{kOutlierSigmasSetting, absl::GetFlag(FLAGS_outlier_sigmas)},
                            {kRankOutlierEpsilonsSetting, absl::GetFlag(FLAGS_rank_outlier_epsilons)}};
  options.known_differences = judged ? &known : nullptr;
  if (absl::GetFlag(FLAGS_keep_images)) options.max_record_image_bytes = -1;
  const std::string reference = absl::GetFlag(FLAGS_reference);
  RunInfo info;
  info.command_line = command_line;
  for (const auto& engine : (*workers)[0]) info.engines.push_back(engine->name());
  auto reference_index = ReferenceIndex(info.engines, reference);
  if (!reference_index.ok()) return UsageError(std::string(reference_index.status().message()));
  options.reference = *reference_index;
  info.reference = info.engines[options.reference];
  info.suites = inputs.suites;
  info.engine_specs = inputs.engine_specs;
  info.case_source = inputs.case_source;
  info.known_differences = known.Describe();

  const std::set<int64_t>& done = (*output)->done_cases();
  std::vector<int64_t> todo;
  int64_t in_shard = 0;
  for (int64_t i = 0; i < static_cast<int64_t>(cases.size()); ++i) {
    if (i % shard->count != shard->index) continue;
    ++in_shard;
    if (!done.count(i)) todo.push_back(i);
  }
  info.total_cases = in_shard;
  info.shard_index = shard->index;
  info.shard_count = shard->count;
  info.all_cases = static_cast<int64_t>(cases.size());
  std::fprintf(stderr, "dsconform: %zu cases (%lld already done) on %s, reference %s, %d workers\n", todo.size(),
               static_cast<long long>(in_shard - static_cast<int64_t>(todo.size())),
               absl::StrJoin(info.engines, ", ").c_str(), info.reference.c_str(), jobs);

  Progress progress(static_cast<int64_t>(todo.size()), *style);
  const auto start = std::chrono::steady_clock::now();
  bool signalled = false;
  auto stats = RunCases(cases, todo, *workers, options, **output, [&](int64_t n, double work) {
    progress.Update(n, work);
    if (*test_signal && (*test_signal)->after_cases >= 0 && n >= (*test_signal)->after_cases && !signalled) {
      signalled = true;
      RaiseTestSignal(**test_signal, absl::StrCat(n, " cases done"));
    }
  });
  if (!stats.ok()) {
    std::fprintf(stderr, "dsconform: run failed: %s\n", std::string(stats.status().message()).c_str());
    return kExitUsage;
  }
  progress.Finish(stats->cases_done);
  if (jobs > 1)  // what kept the workers from running side by side: --memory, or one long batch at the end
    std::fprintf(stderr,
                 "dsconform: %d workers: %.1f s planning, %.1f s running; summed over them %.1f s waiting for "
                 "memory, %.1f s idle at the end\n",
                 jobs, stats->plan_seconds, stats->workers_seconds, stats->memory_wait_seconds,
                 stats->idle_at_end_seconds);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  info.status = stats->interrupted ? "interrupted" : "complete";
  info.memory_budget_bytes = *budget;
  info.peak_rss_bytes = std::max<int64_t>(0, ReadProcessMemory().peak_rss_bytes);
  // Trials (one engine running one case with truth) and the estimates they judged (harness/truth/).
  const int64_t trials = (*output)->trials(), estimates = (*output)->estimates();
  if (trials > 0)
    std::fprintf(stderr,
                 "dsconform: accuracy: %lld trials, %lld estimates judged against the truth in %.1f s "
                 "(%.0f trials/s, %.0f estimates/s)\n",
                 static_cast<long long>(trials), static_cast<long long>(estimates), seconds,
                 trials / std::max(seconds, 1e-9), estimates / std::max(seconds, 1e-9));
  std::function<void()> after_records_file;
  if (*test_signal && (*test_signal)->after_cases < 0)
    after_records_file = [&] {
      RaiseTestSignal(**test_signal, absl::StrCat(stats->cases_done, " cases done and records.jsonl written"));
    };
  auto summaries = (*output)->Finish(info, absl::StrFormat("took %.1f s, peak %lld MiB resident (budget %lld MiB)",
                                                           seconds, static_cast<long long>(info.peak_rss_bytes >> 20),
                                                           static_cast<long long>(info.memory_budget_bytes >> 20)),
                                     stdout, after_records_file);
  if (!summaries.ok()) {
    std::fprintf(stderr, "dsconform: %s\n", std::string(summaries.status().message()).c_str());
    return kExitUsage;
  }
  summaries->console.PrintOutOfMemoryAdvice(stdout);
  if (trials > 0) PrintAccuracyFindings(stdout, summaries->study);
  if (absl::GetFlag(FLAGS_update_expectations)) {
    // Drafted from the records file: the whole run, a resumed run's earlier records included.
    std::vector<Record> differing;
    auto st = RecordsOfFile((*output)->records_path(), truth_kinds)([&](const Record& r) {
      if (r.verdict == Verdict::kDiffers) differing.push_back(r);
      return absl::OkStatus();
    });
    if (st.ok()) st = AppendDraftRules(known, differing, stderr);
    if (!st.ok()) return UsageError(std::string(st.message()));
  }
  if (stats->interrupted) {
    std::fprintf(stderr,
                 "dsconform: interrupted after %lld of the %zu cases to run; %s/records.jsonl holds every case "
                 "done so far; finish with --resume --report_dir=%s\n",
                 static_cast<long long>(stats->cases_done), todo.size(), dir.c_str(), dir.c_str());
    return kExitInterrupted;
  }
  const bool allow_stale = absl::GetFlag(FLAGS_allow_unexpectedly_equal);
  const bool failed = summaries->summary.total.failing(allow_stale) > 0;
  return failed && !absl::GetFlag(FLAGS_update_expectations) ? kExitDifferences : kExitClean;
}

}  // namespace dsconform
