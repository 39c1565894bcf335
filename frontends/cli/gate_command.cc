// `dsconform gate`: what a revision of one implementation (head) changes against the revision it
// starts from (base), and against the other implementations. One run, base the reference, head
// and the others candidates, every image kept whole; then the records read case by case
// (harness/gate/gate_analysis.h) into gate.md and gate.json. Given a checkout (--cpp=DIR ...),
// `dsconform gate` is scripts/gate, which builds the two revisions' engines and calls this.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "frontends/cli/engine_catalog.h"
#include "frontends/cli/report_output.h"
#include "frontends/cli/run_execution.h"
#include "harness/gate/gate_analysis.h"
#include "harness/record/zstd_file.h"
#include "reports/gate_report.h"
#include "reports/record_lines.h"

namespace dsconform {
namespace {

// The records of `dir`, case by case (a case's records are consecutive in records.jsonl).
absl::StatusOr<GateResult> AnalyzeRecords(const std::string& dir, const GateSides& sides) {
  auto plain = PlainFile::Open(RecordsFileIn(dir));
  if (!plain.ok()) return plain.status();
  std::ifstream in(plain->path());
  if (!in) return absl::InvalidArgumentError(absl::StrCat(plain->path(), ": cannot be opened"));
  GateAnalyzer analyzer(sides.base, sides.head);
  std::vector<Record> one_case;
  std::string line;
  int64_t line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.empty()) continue;
    Record r;
    if (std::string why = ParseRecordLine(line, &r); !why.empty())
      return absl::InvalidArgumentError(absl::StrCat(plain->path(), ":", line_number, ": ", why));
    if (!one_case.empty() && one_case.front().index != r.index) {
      analyzer.AddCase(one_case);
      one_case.clear();
    }
    one_case.push_back(std::move(r));
  }
  analyzer.AddCase(one_case);
  return analyzer.result();
}

// Writes gate.md and gate.json beside the run's reports, prints gate.md, and answers.
int Answer(const std::string& dir, const GateSides& sides, int run_status) {
  auto info = ReadRunInfo(dir);
  if (!info.ok()) return UsageError(std::string(info.status().message()));
  auto result = AnalyzeRecords(dir, sides);
  if (!result.ok()) return UsageError(std::string(result.status().message()));
  if (auto st = WriteGateReports(dir, *info, sides, *result); !st.ok()) return UsageError(std::string(st.message()));
  std::fputs(RenderGateMarkdown(*info, sides, *result).c_str(), stdout);
  std::printf("\ngate reports: %s/{gate.md,gate.json}\n", dir.c_str());
  if (run_status == kExitInterrupted) return run_status;
  if (result->HeadChanges()) return kExitDifferences;
  // Cases not run (a shard missing from the merge) may hold what head changes.
  if (info->status != "complete") {
    std::fprintf(stderr, "dsconform: gate: the run is %s, so it cannot say that head changes nothing\n",
                 info->status.c_str());
    return kExitDifferences;
  }
  return kExitClean;
}

}  // namespace

bool GateFromCheckout(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) != "gate") return false;
  for (int i = 2; i < argc; ++i)
    for (const char* kind : {"--cpp", "--java", "--rust", "--go"})
      if (std::string(argv[i]) == kind || absl::StartsWith(argv[i], std::string(kind) + "=")) return true;
  return false;
}

int GateFromCheckoutCommand(int argc, char** argv) {
  // Building revisions is scripts/gate's work; it runs this very dsconform for the comparison.
  const std::string script = std::string(DSCONFORM_SOURCE_DIR) + "/scripts/gate";
  std::error_code ec;
  const std::string self = std::filesystem::canonical("/proc/self/exe", ec).string();
  if (!ec) setenv("DSCONFORM_BUILD_DIR", std::filesystem::path(self).parent_path().c_str(), 1);
  std::vector<char*> args = {const_cast<char*>(script.c_str())};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  execv(script.c_str(), args.data());
  return UsageError(absl::StrCat("gate: cannot run ", script, ": ", std::strerror(errno)));
}

int GateCommand(const std::vector<std::string>& args, const std::string& command_line) {
  if (!args.empty()) return UsageError(absl::StrCat("gate takes no positional arguments, got '", args[0], "'"));
  if (const std::string from = absl::GetFlag(FLAGS_gate_from); !from.empty()) {
    // A gate run (or the merge of its shards): base is its reference and first engine, head its second.
    auto info = ReadRunInfo(from);
    if (!info.ok()) return UsageError(std::string(info.status().message()));
    if (info->engines.size() < 2 || info->engines[0] != info->reference)
      return UsageError(absl::StrCat(from, " is not a gate's run: its first engine must be its reference (base) ",
                                     "and its second head"));
    return Answer(from, GateSides{info->engines[0], info->engines[1]}, kExitClean);
  }
  const std::string base = absl::GetFlag(FLAGS_base_engine);
  const std::string head = absl::GetFlag(FLAGS_head_engine);
  if (base.empty() || head.empty())
    return UsageError("gate needs --base_engine and --head_engine (scripts/gate --cpp=DIR --base=REV --head=REV "
                      "builds them from a checkout)");
  if (!absl::GetFlag(FLAGS_reference).empty())
    return UsageError("gate compares everything with --base_engine; it takes no --reference");

  std::vector<std::string> specs = {base, head};
  const std::string others = absl::GetFlag(FLAGS_engines);
  // The other implementations; by default the one every other is checked against; "none": head
  // against base only.
  if (others != "none")
    for (const std::string& spec : SplitList(others == "auto" ? "java" : others)) specs.push_back(spec);
  EngineRequest request = EngineRequestFromFlags();
  request.specs = specs;
  auto engines = ResolveEngines(request);
  if (!engines.ok()) return UsageError(std::string(engines.status().message()));
  const GateSides sides{(*engines)[0]->name(), (*engines)[1]->name()};
  if (sides.base == sides.head)
    return UsageError(absl::StrCat("--base_engine and --head_engine are both ", sides.base, ": label them apart"));
  for (size_t i = 2; i < engines->size(); ++i)
    if ((*engines)[i]->name() == sides.base || (*engines)[i]->name() == sides.head)
      return UsageError(absl::StrCat("--engines names ", (*engines)[i]->name(), ", which is --base_engine or --head_engine"));

  RunInputs inputs;
  auto cases = LoadCasesFromFlags();
  if (!cases.ok()) return UsageError(std::string(cases.status().message()));
  inputs.cases = std::move(*cases);
  // repro names base and head as the gate did (a path, a jar, a program), not by their names.
  for (size_t i = 0; i < 2; ++i)
    if (specs[i] != (*engines)[i]->name()) inputs.engine_specs[(*engines)[i]->name()] = specs[i];
  inputs.engines = std::move(*engines);
  inputs.suites = SuitesFromFlags();
  inputs.case_source = CaseSourceFromFlags();
  // Where head and another implementation both differ from base, whether they agree is read off
  // the two values: kept whole, never cut to their first bytes.
  absl::SetFlag(&FLAGS_keep_images, true);
  const int status = ExecuteRun(std::move(inputs), command_line);
  if (status == kExitUsage) return status;
  return Answer(absl::GetFlag(FLAGS_report_dir), sides, status);
}

}  // namespace dsconform
