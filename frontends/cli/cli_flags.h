#ifndef DSCONFORM_FRONTENDS_CLI_CLI_FLAGS_H_
#define DSCONFORM_FRONTENDS_CLI_CLI_FLAGS_H_

#include <set>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"

ABSL_DECLARE_FLAG(std::string, suite);
ABSL_DECLARE_FLAG(std::string, engines);
ABSL_DECLARE_FLAG(std::string, reference);
ABSL_DECLARE_FLAG(std::string, scale);
ABSL_DECLARE_FLAG(std::string, cases);
ABSL_DECLARE_FLAG(std::string, cases_file);
ABSL_DECLARE_FLAG(std::string, tck_dir);
ABSL_DECLARE_FLAG(std::string, fuzz_from);
ABSL_DECLARE_FLAG(uint64_t, fuzz_seed);
ABSL_DECLARE_FLAG(int, fuzz_per_image);
ABSL_DECLARE_FLAG(std::string, report_dir);
ABSL_DECLARE_FLAG(std::string, expectations);
ABSL_DECLARE_FLAG(bool, update_expectations);
ABSL_DECLARE_FLAG(bool, allow_unexpectedly_equal);
ABSL_DECLARE_FLAG(int, jobs);
ABSL_DECLARE_FLAG(std::string, shard);
ABSL_DECLARE_FLAG(std::string, progress);
ABSL_DECLARE_FLAG(std::string, writer);
ABSL_DECLARE_FLAG(std::string, jvm_options);
ABSL_DECLARE_FLAG(std::string, java_jar);
ABSL_DECLARE_FLAG(int64_t, engine_memory);
ABSL_DECLARE_FLAG(int64_t, memory);
ABSL_DECLARE_FLAG(bool, resume);
ABSL_DECLARE_FLAG(double, outlier_sigmas);
ABSL_DECLARE_FLAG(double, rank_outlier_epsilons);
ABSL_DECLARE_FLAG(std::string, out);
ABSL_DECLARE_FLAG(std::string, engine);
ABSL_DECLARE_FLAG(bool, keep_images);
ABSL_DECLARE_FLAG(bool, compress_records);
ABSL_DECLARE_FLAG(std::string, corpus);
ABSL_DECLARE_FLAG(bool, json);
ABSL_DECLARE_FLAG(int, rounds);
ABSL_DECLARE_FLAG(std::string, base_engine);
ABSL_DECLARE_FLAG(std::string, head_engine);
ABSL_DECLARE_FLAG(std::string, gate_from);

namespace dsconform {

// Exit statuses, documented in --help and the README.
constexpr int kExitClean = 0;
constexpr int kExitDifferences = 1;
constexpr int kExitUsage = 2;
constexpr int kExitInterrupted = 130;

// The bytes a run may hold at once (--memory, in MiB; 0: from the machine, harness/run/memory_budget.h).
absl::StatusOr<int64_t> MemoryBudgetFromFlag();

// The Java heap of a run with that budget: the last -Xmx of --jvm_options, or JavaHeapBytes'.
int64_t JavaHeapOfRun(int64_t budget_bytes);

// Parses --flag=value, --flag value, --bool_flag and --nobool_flag strictly:
// an unknown flag or a bad value is an error (exit status 2), not abseil's
// exit(1). Returns the positional arguments. Sets *help for --help, and adds
// the name of every flag given to *given.
absl::StatusOr<std::vector<std::string>> ParseFlags(int argc, char** argv, bool* help,
                                                    std::set<std::string>* given = nullptr);

// An error when a flag that only other commands read was given to `command`
// (`run --out=DIR`), which would otherwise be silently ignored.
absl::Status CheckFlagsFitCommand(const std::string& command, const std::set<std::string>& given);

// Splits a comma-separated flag value, dropping empty pieces.
std::vector<std::string> SplitList(const std::string& value);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_CLI_FLAGS_H_
