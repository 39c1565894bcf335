// `dsconform merge --out DIR SHARD_DIR...`: one report from the shards of a run. With
// --expectations=FILE the records are judged again against FILE, so an edited expectations file
// is checked against a finished run without running its engines again.
#include <algorithm>
#include <fstream>
#include <set>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "harness/cli/cli_flags.h"
#include "harness/cli/commands.h"
#include "harness/cli/report_output.h"
#include "harness/cli/run_execution.h"
#include "reports/jsonl_writer.h"
#include "reports/run_summary.h"

namespace dsconform {

int MergeCommand(const std::vector<std::string>& args, const std::string& command_line) {
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty() || args.empty()) return UsageError("merge needs --out=DIR and the shard report directories");
  std::vector<Record> all;
  std::set<std::pair<int64_t, std::string>> seen;
  RunInfo info;
  int64_t total_cases = 0;
  bool complete = true;
  for (const std::string& dir : args) {
    std::ifstream in(dir + "/run_info.json");
    nlohmann::json j;
    RunInfo shard;
    std::string error;
    try {
      j = nlohmann::json::parse(in);
    } catch (const std::exception& e) {
      return UsageError(absl::StrCat(dir, "/run_info.json: cannot be read: ", e.what()));
    }
    if (!RunInfoFromJson(j, &shard, &error)) return UsageError(absl::StrCat(dir, "/run_info.json: ", error));
    if (dir == args.front()) info = shard;
    total_cases += shard.total_cases;
    complete = complete && shard.status == "complete";
  }
  info.total_cases = total_cases;
  info.status = complete ? "complete" : "interrupted";
  (void)command_line;
  for (const std::string& dir : args) {
    auto records = ReadRecordsJsonl(dir + "/" + JsonlWriter::kFileName);
    if (!records.ok()) return UsageError(std::string(records.status().message()));
    for (Record& r : *records) {
      if (!seen.insert({r.index, r.candidate + "|" + r.reference + "|" + r.writer}).second)
        return UsageError(absl::StrCat(dir, ": case ", r.case_id, " is in two shards"));
      all.push_back(std::move(r));
    }
  }
  std::stable_sort(all.begin(), all.end(), [](const Record& a, const Record& b) { return a.index < b.index; });
  auto expectations = ExpectationsFromFlag();
  if (!expectations.ok()) return UsageError(std::string(expectations.status().message()));
  const bool rejudge = !expectations->path.empty();
  if (rejudge) {
    for (Record& r : all) RejudgeRecord(*expectations, r);
    info.expectations_file = expectations->path;
  }
  auto writer = JsonlWriter::Open(out, JsonlWriter::Mode::kTruncate);
  if (!writer.ok()) return UsageError(std::string(writer.status().message()));
  for (const Record& r : all)
    if (auto st = (*writer)->Write(r); !st.ok()) return UsageError(std::string(st.message()));
  if (auto st = (*writer)->Close(); !st.ok()) return UsageError(std::string(st.message()));
  if (auto st = WriteSummaries(out, info, all, ""); !st.ok()) return UsageError(std::string(st.message()));
  PrintConsoleSummary(stdout, info, all, out);
  PrintIdlePatterns(stdout, *expectations, all);
  const bool allow_stale = absl::GetFlag(FLAGS_allow_unexpectedly_equal);
  for (const Record& r : all)
    if (VerdictFails(r.verdict) && !(allow_stale && r.verdict == Verdict::kUnexpectedlyEqual)) return kExitDifferences;
  return kExitClean;
}

}  // namespace dsconform
