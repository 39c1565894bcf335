// dsconform: a cross-implementation conformance harness for Apache DataSketches.
#include <cstdio>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "frontends/cli/allocator.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "reports/record_text.h"

namespace dsconform {
namespace {

constexpr char kUsage[] = R"(usage: dsconform COMMAND [flags]

commands:
  run                 run suites on engines, write reports, exit with the CI gate's status
  list suites|cases|engines|steps
  repro CASE_ID       the case program and its result on every engine, with decoded differences
  record --engine=E --out=FILE  keep one engine's observations of the selected cases in a corpus
  check --corpus=FILE          the corpus's cases on live --engines, against what it recorded
  merge --out=DIR SHARD_DIR...   one report from the shards of a run (--shard=I/N); with
                      --expectations=FILE|DIR, its records judged again against those rules
  gate --cpp=DIR --base=REV --head=REV   what a pull request changes (or --java, --rust, --go):
                      both revisions built from the checkout (scripts/gate --help), then
  gate --base_engine=E --head_engine=E   head against base and the other --engines (default java):
                      gate.md, gate.json; exit 1 when head changes anything
  bench [--json]      wall time with 1 and N workers, each library's own time, the harness's share,
                      JNI cost, peak memory (default engines: cpp,java)

exit status:
  0    nothing differs beyond the known differences (--expectations=sketches: every family's rules)
  1    unexpected differences, every_record rules whose difference no longer occurs, or engine errors
  2    usage or configuration error (bad flag, suite, case, engine, file, JDK, jar, ...)
  130  interrupted (SIGINT/SIGTERM); every finished record is on disk: finish with --resume

flags:
)";

// Flags that change how a run goes, not what it finds, stay out of the
// recorded command line so that reports of 1 or 2 workers or merged shards agree.
bool ChangesResults(const std::string& arg) {
  for (const char* f : {"--jobs", "--shard", "--report_dir", "--resume", "--progress", "--noresume"})
    if (absl::StartsWith(arg, f)) return false;
  return true;
}

}  // namespace

int UsageError(const std::string& message) {
  std::fprintf(stderr, "dsconform: %s\n", message.c_str());
  return kExitUsage;
}

}  // namespace dsconform

int main(int argc, char** argv) {
  using namespace dsconform;
  TuneAllocator();
  if (GateFromCheckout(argc, argv)) return GateFromCheckoutCommand(argc, argv);
  bool help = false;
  std::set<std::string> given;
  auto args = ParseFlags(argc, argv, &help, &given);
  if (!args.ok()) return UsageError(absl::StrCat(args.status().message(), "\n(dsconform --help lists commands and flags)"));
  if (help || args->empty()) {
    std::fputs(kUsage, help ? stdout : stderr);
    std::fputs("  --suite --engines --reference --scale --cases --cases_file --tck_dir --report_dir --expectations\n"
               "  --fuzz_from --fuzz_seed --fuzz_per_image\n"
               "  --update_expectations --allow_unexpectedly_equal --jobs --shard --progress --writer\n"
               "  --jvm_options --java_jar --resume --out --engine --keep_images --corpus --json\n"
               "  --base_engine --head_engine --gate_from\n"
               "  (README.md describes each)\n",
               help ? stdout : stderr);
    return help ? kExitClean : kExitUsage;
  }
  std::string command_line = "dsconform";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (ChangesResults(arg)) {
      absl::StrAppend(&command_line, " ", ShellWord(arg));
    } else if (arg.find('=') == std::string::npos && arg != "--resume" && arg != "--noresume") {
      ++i;  // "--jobs 2": its value goes too
    }
  }
  const std::string command = (*args)[0];
  const std::vector<std::string> rest(args->begin() + 1, args->end());
  if (auto fit = CheckFlagsFitCommand(command, given); !fit.ok()) return UsageError(std::string(fit.message()));
  if (command == "run") return RunCommand(rest, command_line);
  if (command == "list") return ListCommand(rest);
  if (command == "repro") return ReproCommand(rest);
  if (command == "merge") return MergeCommand(rest, command_line);
  if (command == "bench") return BenchCommand(rest, command_line);
  if (command == "gate") return GateCommand(rest, command_line);
  if (command == "record") return RecordCommand(rest, command_line);
  if (command == "check") return CheckCommand(rest, command_line);
  return UsageError(absl::StrCat("unknown command '", command, "' (known: run, list, repro, record, check, merge, gate, bench)"));
}
