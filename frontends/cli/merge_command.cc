// `dsconform merge --out DIR SHARD_DIR...`: one report from the shards of a run. With
// --expectations=FILE|DIR the records are judged again against those rules, so edited rules are
// checked against a finished run without running its engines again.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "frontends/cli/report_output.h"
#include "frontends/cli/run_execution.h"
#include "reports/jsonl_writer.h"
#include "reports/record_journal.h"
#include "reports/run_summary.h"
#include "harness/record/zstd_file.h"
#include "sketches/compiled_families.h"

namespace dsconform {
namespace {

// What makes `shard` another run's than `first`, or empty. The command lines differ by --shard.
std::string NotOfOneRun(const RunInfo& first, const RunInfo& shard) {
  if (shard.engines != first.engines) return absl::StrCat("engines ", absl::StrJoin(first.engines, ","), " vs ",
                                                          absl::StrJoin(shard.engines, ","));
  if (shard.reference != first.reference) return absl::StrCat("reference ", first.reference, " vs ", shard.reference);
  if (shard.suites != first.suites)
    return absl::StrCat("suites ", absl::StrJoin(first.suites, ","), " vs ", absl::StrJoin(shard.suites, ","));
  if (shard.case_source != first.case_source)
    return absl::StrCat("cases from '", first.case_source, "' vs '", shard.case_source, "'");
  if (shard.shard_count != first.shard_count || shard.all_cases != first.all_cases)
    return absl::StrCat(first.shard_count, " shards of ", first.all_cases, " cases vs ", shard.shard_count,
                        " shards of ", shard.all_cases);
  return "";
}

}  // namespace

int MergeCommand(const std::vector<std::string>& args, const std::string& command_line) {
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty() || args.empty()) return UsageError("merge needs --out=DIR and the shard report directories");
  std::vector<Record> all;
  std::set<std::pair<int64_t, std::string>> seen;
  RunInfo info;
  int64_t total_cases = 0;
  bool complete = true;
  std::map<int64_t, std::string> shard_dirs;  // shard index -> its directory
  for (const std::string& dir : args) {
    // A journal means the records.jsonl there (if any) is not that run's last word.
    if (std::filesystem::exists(std::filesystem::path(dir) / RecordJournal::kFileName))
      return UsageError(absl::StrCat(dir, " holds ", RecordJournal::kFileName, ": its run was killed (or is still ",
                                     "running) before it wrote its reports; finish it with `dsconform run --resume ",
                                     "--report_dir=", dir, "` and that run's other flags"));
    auto read = ReadRunInfo(dir);
    if (!read.ok()) return UsageError(std::string(read.status().message()));
    const RunInfo& shard = *read;
    if (dir == args.front()) info = shard;
    if (auto mismatch = NotOfOneRun(info, shard); !mismatch.empty())
      return UsageError(absl::StrCat(args.front(), " and ", dir, " are not shards of one run: ", mismatch));
    if (shard.shard_count > 1 && !shard_dirs.emplace(shard.shard_index, dir).second)
      return UsageError(absl::StrCat(shard_dirs[shard.shard_index], " and ", dir, " are both shard ",
                                     shard.shard_index, "/", shard.shard_count));
    total_cases += shard.total_cases;
    complete = complete && shard.status == "complete";
  }
  info.total_cases = total_cases;
  info.status = complete ? "complete" : "interrupted";
  // Shards left out (a CI job that failed to upload its report) make the merged run incomplete.
  std::vector<std::string> missing;
  for (int64_t i = 0; info.shard_count > 1 && i < info.shard_count; ++i)
    if (!shard_dirs.count(i)) missing.push_back(absl::StrCat(i, "/", info.shard_count));
  if (!missing.empty()) {
    info.status = absl::StrCat("incomplete: shard", missing.size() > 1 ? "s " : " ", absl::StrJoin(missing, ", "),
                               " not given");
    info.total_cases = info.all_cases;
  }
  info.shard_index = 0;
  info.shard_count = 1;
  for (const std::string& dir : args) {
    // A shard's records, plain or compressed (--compress_records).
    const std::string path = RecordsFileIn(dir);
    auto plain = PlainFile::Open(path);
    if (!plain.ok()) return UsageError(std::string(plain.status().message()));
    auto records = ReadRecordsJsonl(plain->path(), nullptr, CompiledFamilies().truth_kinds());
    if (!records.ok()) return UsageError(std::string(records.status().message()));
    for (Record& r : *records) {
      if (!seen.insert({r.index, r.candidate + "|" + r.reference + "|" + r.writer}).second)
        return UsageError(absl::StrCat(dir, ": case ", r.case_id, " is in two shards"));
      all.push_back(std::move(r));
    }
  }
  std::stable_sort(all.begin(), all.end(), [](const Record& a, const Record& b) { return a.index < b.index; });
  auto known = KnownDifferencesFromFlag();
  if (!known.ok()) return UsageError(std::string(known.status().message()));
  const bool rejudge = !known->paths.empty();
  if (rejudge) {
    for (Record& r : all) RejudgeRecord(*known, r);
    info.known_differences = known->Describe();
  }
  auto writer = JsonlWriter::Open(out, JsonlWriter::Mode::kTruncate);
  if (!writer.ok()) return UsageError(std::string(writer.status().message()));
  for (const Record& r : all)
    if (auto st = (*writer)->Write(r); !st.ok()) return UsageError(std::string(st.message()));
  if (auto st = (*writer)->Close(); !st.ok()) return UsageError(std::string(st.message()));
  const bool compress = absl::GetFlag(FLAGS_compress_records);
  if (compress) {
    const std::string plain = out + "/" + RecordsFileName(false);
    if (auto st = CompressFile(plain, out + "/" + RecordsFileName(true)); !st.ok())
      return UsageError(std::string(st.message()));
    std::remove(plain.c_str());
  }
  // Without --expectations the records keep their verdicts, and the stale rules are those of the
  // files the run named (as they are now), over all shards' records: what the whole run would list.
  std::vector<StaleRule> stale;
  if (rejudge) {
    stale = StaleRules(*known, all);
  } else if (!info.known_differences.empty()) {
    auto used = LoadKnownDifferences(absl::StrSplit(info.known_differences, ',', absl::SkipEmpty()));
    if (used.ok())
      stale = StaleRules(*used, all);
    else
      std::fprintf(stderr, "dsconform merge: stale rules not listed: %s\n", std::string(used.status().message()).c_str());
  }
  if (auto st = WriteSummaries(out, info, all, stale, "", CompiledFamilies().truth_kinds(), RecordsFileName(compress));
      !st.ok())
    return UsageError(std::string(st.message()));
  PrintConsoleSummary(stdout, info, all, out);
  PrintStaleRules(stdout, stale);
  if (info.status != "complete") {  // as the reports' gate says
    std::fprintf(stderr, "dsconform merge: run %s\n", info.status.c_str());
    return kExitDifferences;
  }
  const bool allow_stale = absl::GetFlag(FLAGS_allow_unexpectedly_equal);
  for (const Record& r : all)
    if (VerdictFails(r.verdict) && !(allow_stale && r.verdict == Verdict::kUnexpectedlyEqual)) return kExitDifferences;
  return kExitClean;
}

}  // namespace dsconform
