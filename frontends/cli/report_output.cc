#include "frontends/cli/report_output.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reports/jsonl_writer.h"
#include "reports/record_stream.h"
#include "harness/record/zstd_file.h"

namespace dsconform {

absl::StatusOr<std::unique_ptr<ReportOutput>> ReportOutput::Open(const std::string& dir, bool resume,
                                                                  const TruthKinds& truth_kinds,
                                                                  const KnownDifferences* known, std::FILE* log) {
  const auto unwritable = [&](const absl::Status& st) {
    return absl::Status(st.code(), absl::StrCat("report directory ", dir, " cannot be written: ", st.message()));
  };
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return unwritable(absl::UnavailableError(absl::StrCat("cannot create it: ", ec.message())));
  const std::string records_path = dir + "/" + JsonlWriter::kFileName;
  const std::string journal_path = dir + "/" + RecordJournal::kFileName;
  std::set<int64_t> done;
  std::vector<RecordLine> done_file_lines, journal_lines;
  std::optional<RecordLines> kept_journal;  // none: a new journal
  if (resume) {
    // A run that wrote its records compressed is resumed from them as plain lines; Finish writes
    // them again, compressed or not as the resuming run asks.
    const std::string compressed_path = dir + "/" + RecordsFileName(true);
    if (access(records_path.c_str(), F_OK) != 0 && access(compressed_path.c_str(), F_OK) == 0) {
      if (auto st = DecompressFile(compressed_path, records_path); !st.ok()) return st;
      std::remove(compressed_path.c_str());
    }
    const bool have_records = access(records_path.c_str(), F_OK) == 0;
    const bool have_journal = access(journal_path.c_str(), F_OK) == 0;
    if (!have_records && !have_journal)
      return absl::NotFoundError(absl::StrCat("--resume: neither ", records_path, " nor ", journal_path,
                                              " exists; nothing to resume"));
    // records.jsonl holds what an interrupted run finished; the journal, what a run killed since
    // finished. Should a case be in both (killed as it wrote records.jsonl), records.jsonl's is kept.
    if (have_records) {
      auto file = ReadRecordLines(records_path, truth_kinds, /*keep_records=*/false);
      if (!file.ok()) return file.status();
      if (file->dropped_bytes > 0)
        std::fprintf(log, "dsconform: %s ends in a line cut short: dropped with its last case, which runs again\n",
                     records_path.c_str());
      done = std::move(file->cases);
      done_file_lines = std::move(file->lines);
    }
    if (have_journal) {
      auto journal = ReadRecordJournal(journal_path, truth_kinds, /*keep_records=*/false);
      if (!journal.ok()) return journal.status();
      if (journal->dropped_bytes > 0)
        std::fprintf(log,
                     "dsconform: %s: dropped %lld bytes after its last whole batch (cut short by a kill, or "
                     "without its commits beside it); their cases run again\n",
                     journal_path.c_str(), static_cast<long long>(journal->dropped_bytes));
      std::set<int64_t> in_journal;
      for (size_t i = 0; i < journal->lines.size(); ++i) {
        if (done.count(journal->lines[i].index)) continue;
        in_journal.insert(journal->lines[i].index);
        journal_lines.push_back(journal->lines[i]);
      }
      done.insert(in_journal.begin(), in_journal.end());
      kept_journal = std::move(*journal);
    }
  } else {
    // An earlier run's reports go: its records must not be taken for this run's by a --resume after
    // a kill, nor its summaries for this run's by whoever reads the directory meanwhile.
    for (const std::string& name : {RecordsFileName(false), RecordsFileName(true), std::string("run_info.json"),
                                    std::string("summary.json"), std::string("summary.md"), std::string("report.html"),
                                    std::string("junit.xml"), std::string("accuracy.json"), std::string("accuracy.md")}) {
      const std::string path = dir + "/" + name;
      if (std::remove(path.c_str()) != 0 && errno != ENOENT)
        return unwritable(absl::UnavailableError(absl::StrCat("cannot remove ", path, ": ", std::strerror(errno))));
    }
    // And the part files of a junit.xml whose writing was killed (JunitWriter).
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (absl::StartsWith(name, "junit.xml.") && absl::EndsWith(name, ".part")) std::filesystem::remove(entry.path(), ec);
    }
  }
  auto journal = RecordJournal::Open(journal_path, kept_journal ? &*kept_journal : nullptr);
  if (!journal.ok()) return unwritable(journal.status());
  return std::unique_ptr<ReportOutput>(new ReportOutput(dir, truth_kinds, known, std::move(*journal), std::move(done),
                                                        std::move(done_file_lines), std::move(journal_lines)));
}

ReportOutput::ReportOutput(std::string dir, TruthKinds truth_kinds, const KnownDifferences* known,
                           std::unique_ptr<RecordJournal> journal, std::set<int64_t> done_cases,
                           std::vector<RecordLine> done_file_lines, std::vector<RecordLine> journal_lines)
    : dir_(std::move(dir)),
      truth_kinds_(std::move(truth_kinds)),
      known_(known),
      journal_(std::move(journal)),
      done_cases_(std::move(done_cases)),
      done_file_lines_(std::move(done_file_lines)),
      journal_lines_(std::move(journal_lines)) {}

absl::Status ReportOutput::Write(const std::vector<IndexedCase>& batch, std::vector<Record> records) {
  std::vector<int64_t> cases;
  for (const IndexedCase& ic : batch) cases.push_back(ic.ordinal);
  std::vector<RecordLine> lines;
  if (auto st = journal_->Append(cases, records, &lines); !st.ok()) return st;
  std::lock_guard<std::mutex> lock(mu_);
  journal_lines_.insert(journal_lines_.end(), lines.begin(), lines.end());
  for (const Record& r : records) {
    trials_ += !r.truth_samples.empty();
    for (const auto& [member, samples] : r.truth_samples) estimates_ += static_cast<int64_t>(samples->size());
  }
  return absl::OkStatus();
}

absl::StatusOr<RunInfo> ReadRunInfo(const std::string& dir) {
  const std::string path = dir + "/run_info.json";
  std::ifstream in(path);
  if (!in)
    return absl::InvalidArgumentError(absl::StrCat(dir, " is not the report directory of a run: ", path,
                                                   " cannot be opened"));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": cannot be read: ", e.what()));
  }
  RunInfo info;
  std::string error;
  if (!RunInfoFromJson(j, &info, &error)) return absl::InvalidArgumentError(absl::StrCat(path, ": ", error));
  return info;
}

std::string RecordsFileIn(const std::string& dir) {
  const std::string plain = dir + "/" + RecordsFileName(false);
  const std::string compressed = dir + "/" + RecordsFileName(true);
  return !std::filesystem::exists(plain) && std::filesystem::exists(compressed) ? compressed : plain;
}

std::string RecordsFileName(bool compress) {
  return absl::StrCat(JsonlWriter::kFileName, compress ? kZstdSuffix : "");
}

std::string ReportOutput::records_path() const { return dir_ + "/" + RecordsFileName(compress_records_); }

absl::StatusOr<RunSummaries> ReportOutput::Finish(const RunInfo& info, const std::string& timing, std::FILE* console,
                                                  const std::function<void()>& after_records_file) {
  if (auto st = journal_->Close(); !st.ok()) return st;
  // records.jsonl from the lines already written (the one resumed from is read before it is
  // replaced); the journal itself when it holds them all in case order (one worker), else a copy.
  const std::string records_path = dir_ + "/" + JsonlWriter::kFileName;
  if (done_file_lines_.empty() && LinesFillFileInCaseOrder(journal_lines_, journal_->bytes())) {
    if (auto st = journal_->RenameTo(records_path); !st.ok()) return st;
  } else if (auto st = WriteRecordLinesInCaseOrder(
                 records_path, {{records_path, done_file_lines_}, {journal_->path(), journal_lines_}});
             !st.ok()) {
    return st;
  }
  if (compress_records_) {
    if (auto st = CompressFile(records_path, dir_ + "/" + RecordsFileName(true)); !st.ok()) return st;
    std::remove(records_path.c_str());
  }
  if (after_records_file) after_records_file();
  auto summaries = WriteSummaries(dir_, info, RecordsOfFile(this->records_path(), truth_kinds_), known_, timing,
                                  truth_kinds_, RecordsFileName(compress_records_));
  if (!summaries.ok()) return summaries.status();
  summaries->console.Print(console, dir_);
  PrintStaleRules(console, summaries->summary.stale_rules);
  // Only now: a run killed before this point is resumed from the journal.
  if (auto st = journal_->Remove(); !st.ok()) return st;
  return summaries;
}

}  // namespace dsconform
