#ifndef DSCONFORM_FRONTENDS_CLI_RUN_EXECUTION_H_
#define DSCONFORM_FRONTENDS_CLI_RUN_EXECUTION_H_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_program.h"
#include "harness/case/case_store.h"
#include "harness/engine/engine.h"
#include "harness/expect/known_differences.h"
#include "harness/run/progress.h"

namespace dsconform {

// What `run` and `check` compare: cases, the engines, and the suites named in
// the report.
struct RunInputs {
  CaseStore cases;
  std::vector<std::unique_ptr<EngineFactory>> engines;
  std::vector<std::string> suites;
  bool check_invariants = true;
  // How `repro` names engines that are not this build's own, e.g.
  // "cpp@5.2.0+corpus" -> "corpus:corpus/hll-cpp-5.2.0.jsonl".
  std::map<std::string, std::string> engine_specs;
  std::string case_source;  // CaseSourceFromFlags()
};

// The cases --suite/--scale/--cases, --cases_file, --tck_dir or --fuzz_from select.
absl::StatusOr<CaseStore> LoadCasesFromFlags();
// The suite names a run of those cases reports.
std::vector<std::string> SuitesFromFlags();
// The flags that made the cases when they are not the suites' (for repro commands), else "".
std::string CaseSourceFromFlags();

// Keeps the cases whose id matches one of the comma-separated globs of --cases
// (all when it is empty).
std::vector<Case> FilterByCaseFlag(std::vector<Case> cases);

// Runs the inputs with the flags that shape a run (--reference, --jobs,
// --shard, --report_dir, --resume, --expectations, --progress, ...), writes the
// reports, and returns the exit status.
int ExecuteRun(RunInputs inputs, const std::string& command_line);

// SIGINT/SIGTERM set a flag the returned function reads, so runs stop between
// batches and write their reports; a second signal exits at once (130), every
// finished batch kept in the journal for --resume.
std::function<bool()> InstallStopSignals();

absl::StatusOr<Progress::Style> ProgressStyleFromFlag();

// The rules of the files and directories --expectations names (comma-separated; a directory
// stands for every known_differences.jsonl in it and in its folders); with no flag none, and no
// paths. A missing file is no rules when `missing_is_empty` (--update_expectations creates it).
absl::StatusOr<KnownDifferences> KnownDifferencesFromFlag(bool missing_is_empty = false);

// --update_expectations: appends a draft rule (finding TODO) for every shape of difference of
// `records` that no rule of `known` covers, to the family's known_differences.jsonl under the
// first directory of --expectations, else to its first file. Says on `log` what it wrote.
absl::Status AppendDraftRules(const KnownDifferences& known, const std::vector<Record>& records, std::FILE* log);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_RUN_EXECUTION_H_
