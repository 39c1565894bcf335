#include "frontends/cli/cli_flags.h"

#include <algorithm>
#include <map>
#include <set>

#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "harness/run/memory_budget.h"

ABSL_FLAG(std::string, suite, "hll.*", "suites to run: comma-separated names or globs (see `dsconform list suites`)");
ABSL_FLAG(std::string, engines, "auto",
          "engines, comma-separated: cpp, java, java@<version>, java-direct@<version>, java@<path.jar>; the first is "
          "the reference unless --reference says otherwise; auto = java plus every native engine built in");
ABSL_FLAG(std::string, reference, "", "the engine every other is compared with (default: the first)");
ABSL_FLAG(std::string, scale, "reduced", "how much of each suite: smoke, reduced or full");
ABSL_FLAG(std::string, cases, "", "run only these case ids (comma-separated; globs allowed)");
ABSL_FLAG(std::string, tck_dir, "",
          "run the DataSketches TCK's serialization snapshots in this directory (serialization_test_data layout) "
          "instead of the suites");
ABSL_FLAG(std::string, fuzz_from, "",
          "run mutants of every image this corpus holds (differential fuzzing of deserializers) instead of the suites");
ABSL_FLAG(uint64_t, fuzz_seed, 1, "fuzz: the seed of the mutants");
ABSL_FLAG(int, fuzz_per_image, 40, "fuzz: mutants per distinct image");
ABSL_FLAG(std::string, cases_file, "", "run the case programs in this file (JSON lines) instead of the suites");
ABSL_FLAG(std::string, report_dir, "dsconform-report", "where reports are written");
ABSL_FLAG(std::string, expectations, "",
          "known differences: rule files or directories of them, comma-separated (sketches: every family's; "
          "docs/expectations.md)");
ABSL_FLAG(bool, update_expectations, false,
          "append a draft rule to --expectations for every kind of difference no rule covers");
ABSL_FLAG(bool, allow_unexpectedly_equal, false, "do not fail the run on every_record rules whose difference no longer occurs");
ABSL_FLAG(int, jobs, 0, "worker threads (0: one per core)");
ABSL_FLAG(std::string, shard, "", "run only shard I of N (\"I/N\", 0-based; \"env\": from GTEST_SHARD_INDEX and GTEST_TOTAL_SHARDS); merge the reports with `dsconform merge`");
ABSL_FLAG(std::string, progress, "auto", "progress display: auto, terminal, plain or none");
ABSL_FLAG(std::string, writer, "", "repro: show the cross stage that reads this engine's images");
ABSL_FLAG(std::string, jvm_options, "", "extra JVM options, comma-separated (e.g. -Xmx2g,-Xcheck:jni)");
ABSL_FLAG(int64_t, engine_memory, 0,
          "MiB of data memory each out-of-process engine may take (0: no limit); past it an allocation fails "
          "(for fuzzing: a damaged image that asks for gigabytes is refused or crashes, not swapped)");
ABSL_FLAG(int64_t, memory, 0,
          "MiB a run may hold at once, its engines and the Java heap included (0: a quarter of the machine's "
          "memory, at most 4096); the Java heap is a third of it unless --jvm_options gives -Xmx, the cases "
          "are admitted within the rest, and a case that alone would need more is refused before anything runs");
ABSL_FLAG(std::string, java_jar, "", "a datasketches-java jar to run as java@<its version> (e.g. built from a commit)");
ABSL_FLAG(double, outlier_sigmas, 6,
          "an estimate further than this many stated standard errors from the case's truth is a finding");
ABSL_FLAG(double, rank_outlier_epsilons, 3,
          "a quantiles sketch's rank error above this many times its stated epsilon (vs the exact ranks) is a finding");
ABSL_FLAG(bool, resume, false, "finish the run in --report_dir, keeping the records already written");
ABSL_FLAG(std::string, out, "", "merge: the report directory to write; record: the corpus file to write");
ABSL_FLAG(std::string, engine, "", "record: the one engine to record (an --engines spec)");
ABSL_FLAG(bool, keep_images, false,
          "keep every image whole: in a corpus (record; default: over 256 bytes as length + SHA-256) and in "
          "records.jsonl (run; default: differing images over 4 KiB as their length and first bytes)");
ABSL_FLAG(bool, compress_records, false,
          "run, check, merge: write records.jsonl.zst (zstd) instead of records.jsonl; merge and --resume read "
          "either");
ABSL_FLAG(std::string, corpus, "", "check: the corpus file whose recorded engine the live --engines are compared with");
ABSL_FLAG(bool, json, false, "bench: print the figures as one JSON object instead of a table");
ABSL_FLAG(int, rounds, 2,
          "bench: whole runs per worker count, in alternating order (1 then N workers, then N then 1); "
          "each count keeps its fastest round");

ABSL_FLAG(std::string, base_engine, "",
          "gate: the engine of the revision head starts from, e.g. cpp@base=<its dsconform-engine> or java@9.0.0");
ABSL_FLAG(std::string, head_engine, "", "gate: the engine of the revision under review, e.g. cpp@head=<path>");
ABSL_FLAG(std::string, gate_from, "",
          "gate: answer from a finished gate run's report directory (the merge of its shards) instead of running");

namespace dsconform {

std::vector<std::string> SplitList(const std::string& value) {
  return absl::StrSplit(value, ',', absl::SkipWhitespace());
}

namespace {
std::vector<std::string> KnownFlags() {
  std::vector<std::string> names;
  for (const auto& [name, flag] : absl::GetAllFlags())
    if (absl::StrContains(flag->Filename(), "cli_flags.cc")) names.push_back(absl::StrCat("--", name));
  std::sort(names.begin(), names.end());
  return names;
}
}  // namespace

absl::StatusOr<std::vector<std::string>> ParseFlags(int argc, char** argv, bool* help,
                                                    std::set<std::string>* given) {
  std::vector<std::string> positional;
  *help = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") {
      for (++i; i < argc; ++i) positional.push_back(argv[i]);
      break;
    }
    if (arg == "--help" || arg == "-h" || arg == "help") {
      *help = true;
      continue;
    }
    if (!absl::StartsWith(arg, "-") || arg == "-") {
      positional.push_back(arg);
      continue;
    }
    std::string body = arg.substr(arg[1] == '-' ? 2 : 1);
    std::string name = body, value;
    const size_t eq = body.find('=');
    const bool has_value = eq != std::string::npos;
    if (has_value) {
      name = body.substr(0, eq);
      value = body.substr(eq + 1);
    }
    absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    bool negated = false;
    if ((flag == nullptr || !absl::StrContains(flag->Filename(), "cli_flags.cc")) && absl::StartsWith(name, "no")) {
      flag = absl::FindCommandLineFlag(name.substr(2));
      negated = flag != nullptr;
    }
    if (flag == nullptr || !absl::StrContains(flag->Filename(), "cli_flags.cc")) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown flag ", arg, " (known: ", absl::StrJoin(KnownFlags(), " "), ")"));
    }
    const bool is_bool = flag->IsOfType<bool>();
    if (negated) {
      if (!is_bool || has_value) return absl::InvalidArgumentError(absl::StrCat("unknown flag ", arg));
      value = "false";
    } else if (!has_value) {
      if (is_bool) {
        value = "true";
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        return absl::InvalidArgumentError(absl::StrCat("flag --", name, " needs a value"));
      }
    }
    std::string error;
    if (!flag->ParseFrom(value, &error))
      return absl::InvalidArgumentError(absl::StrCat("flag --", name, "=", value, ": ", error));
    if (given != nullptr) given->insert(std::string(flag->Name()));
  }
  return positional;
}

absl::StatusOr<int64_t> MemoryBudgetFromFlag() {
  const int64_t mib = absl::GetFlag(FLAGS_memory);
  if (mib < 0) return absl::InvalidArgumentError(absl::StrCat("--memory=", mib, ": MiB, 0 (from the machine) or more"));
  if (mib > 0 && mib < 64) return absl::InvalidArgumentError(absl::StrCat("--memory=", mib, ": MiB, at least 64"));
  return mib > 0 ? mib << 20 : DefaultMemoryBudget(PhysicalMemoryBytes());
}

int64_t JavaHeapOfRun(int64_t budget_bytes) {
  int64_t heap = JavaHeapBytes(budget_bytes);
  for (absl::string_view option : absl::StrSplit(absl::GetFlag(FLAGS_jvm_options), ',', absl::SkipEmpty())) {
    if (!absl::ConsumePrefix(&option, "-Xmx") || option.empty()) continue;
    int shift = 0;
    switch (absl::ascii_tolower(option.back())) {
      case 'k': shift = 10; break;
      case 'm': shift = 20; break;
      case 'g': shift = 30; break;
      case 't': shift = 40; break;
      default: break;
    }
    if (shift > 0) option.remove_suffix(1);
    int64_t n = 0;
    // One the JVM will refuse leaves the default here; the JVM says what is wrong with it.
    if (absl::SimpleAtoi(option, &n) && n > 0 && n < (int64_t{1} << (62 - shift))) heap = n << shift;
  }
  return heap;
}

absl::Status CheckFlagsFitCommand(const std::string& command, const std::set<std::string>& given) {
  // Flags only some commands read. Any other command would ignore them, and a user who typed
  // `run --out=DIR` would look for reports that were written to --report_dir.
  static const std::map<std::string, std::set<std::string>> kReaders = {
      {"out", {"merge", "record"}},  {"engine", {"record"}},     {"corpus", {"check"}},
      {"json", {"bench"}},           {"rounds", {"bench"}},      {"writer", {"repro"}},
      {"base_engine", {"gate"}},     {"head_engine", {"gate"}},  {"gate_from", {"gate"}},
  };
  for (const std::string& name : given) {
    auto it = kReaders.find(name);
    if (it == kReaders.end() || it->second.count(command)) continue;
    std::string hint;
    if (name == "out" && command == "run") hint = "; run writes its reports to --report_dir";
    return absl::InvalidArgumentError(absl::StrCat("--", name, " is a flag of ", absl::StrJoin(it->second, " and "),
                                                   ", not of ", command, hint));
  }
  return absl::OkStatus();
}

}  // namespace dsconform
