// `dsconform merge --out DIR SHARD_DIR...`: one report from the shards of a run. With
// --expectations=FILE|DIR the records are judged again against those rules, so edited rules are
// checked against a finished run without running its engines again.
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "frontends/cli/report_output.h"
#include "frontends/cli/run_execution.h"
#include "harness/expect/known_differences.h"
#include "harness/record/line_reader.h"
#include "harness/record/zstd_file.h"
#include "reports/jsonl_writer.h"
#include "reports/record_journal.h"
#include "reports/record_lines.h"
#include "reports/record_stream.h"
#include "reports/run_summary.h"
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

// Judges every record of `from` again against `known` into <out>/records.jsonl, line by line, and
// removes `from`.
absl::Status RejudgeRecordsFile(const std::string& from, const KnownDifferences& known, const std::string& out) {
  auto reader = LineReader::Open(from);
  if (!reader.ok()) return reader.status();
  auto writer = JsonlWriter::Open(out, JsonlWriter::Mode::kTruncate);
  if (!writer.ok()) return writer.status();
  std::string line;
  for (int64_t line_no = 1; (*reader)->Next(&line); ++line_no) {
    Record r;
    if (const std::string why = ParseRecordLine(line, &r, CompiledFamilies().truth_kinds()); !why.empty())
      return absl::DataLossError(absl::StrCat(from, ":", line_no, ": ", why));
    RejudgeRecord(known, r);
    if (auto st = (*writer)->Write(r); !st.ok()) return st;
  }
  if (!(*reader)->status().ok()) return (*reader)->status();
  if (auto st = (*writer)->Close(); !st.ok()) return st;
  std::remove(from.c_str());
  return absl::OkStatus();
}

}  // namespace

int MergeCommand(const std::vector<std::string>& args, const std::string& command_line) {
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty() || args.empty()) return UsageError("merge needs --out=DIR and the shard report directories");
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
  // Each shard's lines, not its records: the merged file is put together by copying them, so
  // that no shard is held in memory (a shard of a full qualification has hundreds of thousands).
  std::vector<PlainFile> plains;  // compressed shards decompressed, kept until their lines are copied
  std::vector<RecordLineSource> sources;
  for (const std::string& dir : args) {
    auto plain = PlainFile::Open(RecordsFileIn(dir));  // plain or compressed (--compress_records)
    if (!plain.ok()) return UsageError(std::string(plain.status().message()));
    auto lines = ReadRecordLines(plain->path(), CompiledFamilies().truth_kinds(), /*keep_records=*/false);
    if (!lines.ok()) return UsageError(std::string(lines.status().message()));
    sources.push_back({plain->path(), std::move(lines->lines)});
    plains.push_back(std::move(*plain));
  }
  auto known = KnownDifferencesFromFlag();
  if (!known.ok()) return UsageError(std::string(known.status().message()));
  const bool rejudge = !known->paths.empty();
  if (rejudge) info.known_differences = known->Describe();
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) return UsageError(absl::StrCat("cannot create ", out, ": ", ec.message()));
  const std::string merged = out + "/" + RecordsFileName(false);
  // A case in two shards is refused here, naming the two records files.
  if (auto st = WriteRecordLinesInCaseOrder(rejudge ? merged + ".unjudged" : merged, sources); !st.ok())
    return UsageError(std::string(st.message()));
  plains.clear();
  if (rejudge) {
    if (auto st = RejudgeRecordsFile(merged + ".unjudged", *known, out); !st.ok())
      return UsageError(std::string(st.message()));
  }
  const bool compress = absl::GetFlag(FLAGS_compress_records);
  if (compress) {
    if (auto st = CompressFile(merged, out + "/" + RecordsFileName(true)); !st.ok())
      return UsageError(std::string(st.message()));
    std::remove(merged.c_str());
  }
  // Without --expectations the records keep their verdicts, and the stale rules are those of the
  // files the run named (as they are now), over all shards' records: what the whole run would list.
  std::optional<KnownDifferences> used;
  if (!rejudge && !info.known_differences.empty()) {
    auto loaded = LoadKnownDifferences(absl::StrSplit(info.known_differences, ',', absl::SkipEmpty()));
    if (loaded.ok())
      used = std::move(*loaded);
    else
      std::fprintf(stderr, "dsconform merge: stale rules not listed: %s\n",
                   std::string(loaded.status().message()).c_str());
  }
  const KnownDifferences* stale_of = rejudge ? &*known : used ? &*used : nullptr;
  auto summaries = WriteSummaries(out, info, RecordsOfFile(RecordsFileIn(out), CompiledFamilies().truth_kinds()),
                                  stale_of, "", CompiledFamilies().truth_kinds(), RecordsFileName(compress));
  if (!summaries.ok()) return UsageError(std::string(summaries.status().message()));
  summaries->console.Print(stdout, out);
  PrintStaleRules(stdout, summaries->summary.stale_rules);
  if (info.status != "complete") {  // as the reports' gate says
    std::fprintf(stderr, "dsconform merge: run %s\n", info.status.c_str());
    return kExitDifferences;
  }
  const bool allow_stale = absl::GetFlag(FLAGS_allow_unexpectedly_equal);
  return summaries->summary.total.failing(allow_stale) > 0 ? kExitDifferences : kExitClean;
}

}  // namespace dsconform
