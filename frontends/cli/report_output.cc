#include "frontends/cli/report_output.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/truth/accuracy_study.h"
#include "reports/accuracy_report.h"
#include "reports/html_report.h"
#include "reports/jsonl_writer.h"
#include "reports/junit_report.h"
#include "reports/known_record_values.h"
#include "reports/markdown_report.h"
#include "reports/record_text.h"
#include "reports/report_file.h"
#include "reports/run_summary.h"
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
  std::vector<Record> done;
  std::vector<RecordLine> done_file_lines, journal_lines;
  int64_t keep_journal_bytes = -1;  // a new journal
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
    std::set<int64_t> cases;
    if (have_records) {
      auto file = ReadRecordLines(records_path, truth_kinds);
      if (!file.ok()) return file.status();
      if (file->dropped_bytes > 0)
        std::fprintf(log, "dsconform: %s ends in a line cut short: dropped with its last case, which runs again\n",
                     records_path.c_str());
      cases = std::move(file->cases);
      done = std::move(file->records);
      done_file_lines = std::move(file->lines);
    }
    if (have_journal) {
      auto journal = ReadRecordJournal(journal_path, truth_kinds);
      if (!journal.ok()) return journal.status();
      if (journal->dropped_bytes > 0)
        std::fprintf(log, "dsconform: %s: dropped %lld bytes after its last whole batch (cut short by a kill); "
                     "their cases run again\n", journal_path.c_str(), static_cast<long long>(journal->dropped_bytes));
      for (size_t i = 0; i < journal->records.size(); ++i) {
        if (cases.count(journal->records[i].index)) continue;
        done.push_back(std::move(journal->records[i]));
        journal_lines.push_back(journal->lines[i]);
      }
      keep_journal_bytes = journal->kept_bytes;
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
  }
  auto journal = RecordJournal::Open(journal_path, keep_journal_bytes);
  if (!journal.ok()) return unwritable(journal.status());
  return std::unique_ptr<ReportOutput>(new ReportOutput(dir, truth_kinds, known, std::move(*journal), std::move(done),
                                                        std::move(done_file_lines), std::move(journal_lines)));
}

ReportOutput::ReportOutput(std::string dir, TruthKinds truth_kinds, const KnownDifferences* known,
                           std::unique_ptr<RecordJournal> journal, std::vector<Record> done,
                           std::vector<RecordLine> done_file_lines, std::vector<RecordLine> journal_lines)
    : dir_(std::move(dir)),
      truth_kinds_(std::move(truth_kinds)),
      journal_(std::move(journal)),
      done_(std::move(done)),
      done_file_lines_(std::move(done_file_lines)),
      journal_lines_(std::move(journal_lines)) {
  if (known != nullptr) stale_.emplace(*known);
  for (Record& r : done_) Keep(r);
}

void ReportOutput::Keep(Record& r) {
  if (stale_) stale_->Add(r);
  DropKnownRecordValues(r);
}

absl::Status ReportOutput::Write(const std::vector<IndexedCase>& batch, std::vector<Record> records) {
  std::vector<int64_t> cases;
  for (const IndexedCase& ic : batch) cases.push_back(ic.ordinal);
  std::vector<RecordLine> lines;
  if (auto st = journal_->Append(cases, records, &lines); !st.ok()) return st;
  std::lock_guard<std::mutex> lock(mu_);
  journal_lines_.insert(journal_lines_.end(), lines.begin(), lines.end());
  for (Record& r : records) Keep(r);
  records_.insert(records_.end(), std::make_move_iterator(records.begin()), std::make_move_iterator(records.end()));
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

absl::Status WriteSummaries(const std::string& dir, const RunInfo& info, const std::vector<Record>& records,
                            const std::vector<StaleRule>& stale_rules, const std::string& timing,
                            const TruthKinds& truth_kinds, const std::string& records_file) {
  if (auto st = WriteReportFile(dir + "/run_info.json", RunInfoToJson(info).dump(2) + "\n"); !st.ok()) return st;
  RunSummary summary = Summarize(records);
  summary.stale_rules = stale_rules;
  if (auto st = WriteSummaryJson(dir + "/summary.json", info, summary); !st.ok()) return st;
  // Cases with truth give the accuracy study its own two files and a section of the HTML report.
  const AccuracyStudy study = StudyAccuracy(records, truth_kinds);
  std::string accuracy_html;
  if (study.trials() > 0) {
    if (auto st = WriteReportFile(dir + "/accuracy.json", AccuracyStudyToJson(study).dump(2) + "\n"); !st.ok())
      return st;
    if (auto st = WriteReportFile(dir + "/accuracy.md", AccuracyStudyMarkdown(study)); !st.ok()) return st;
    accuracy_html = AccuracyStudyHtml(study);
  }
  // The HTML report is the largest; it is written beside the others, on a core of its own.
  absl::Status html_status;
  std::thread html_writer([&] {
    HtmlOptions html;
    html.timing_line = timing;
    html.records_file = records_file;
    html.extra_section_html = std::move(accuracy_html);
    html_status = WriteHtmlReport(dir + "/report.html", info, summary, records, html);
  });
  absl::Status st = WriteMarkdownReport(dir + "/summary.md", info, summary, records);
  if (st.ok()) st = WriteJunitReport(dir + "/junit.xml", info, records);
  html_writer.join();
  st.Update(html_status);
  return st;
}

absl::Status ReportOutput::Finish(const RunInfo& info, const std::string& timing, std::FILE* console,
                                  const std::function<void()>& after_records_file) {
  if (auto st = journal_->Close(); !st.ok()) return st;
  // records.jsonl from the lines already written (the one resumed from is read before it is replaced).
  const std::string records_path = dir_ + "/" + JsonlWriter::kFileName;
  if (auto st = WriteRecordLinesInCaseOrder(
          records_path, {{records_path, done_file_lines_}, {journal_->path(), journal_lines_}});
      !st.ok())
    return st;
  if (compress_records_) {
    if (auto st = CompressFile(records_path, dir_ + "/" + RecordsFileName(true)); !st.ok()) return st;
    std::remove(records_path.c_str());
  }
  if (after_records_file) after_records_file();
  // Every record into one list, moved rather than copied (a full run's records carry megabytes of images).
  records_.insert(records_.begin(), std::make_move_iterator(done_.begin()), std::make_move_iterator(done_.end()));
  done_.clear();
  std::stable_sort(records_.begin(), records_.end(), [](const Record& a, const Record& b) { return a.index < b.index; });
  const std::vector<StaleRule> stale = stale_ ? stale_->Stale() : std::vector<StaleRule>();
  if (auto st = WriteSummaries(dir_, info, records_, stale, timing, truth_kinds_, RecordsFileName(compress_records_));
      !st.ok())
    return st;
  PrintConsoleSummary(console, info, records_, dir_);
  PrintStaleRules(console, stale);
  // Only now: a run killed before this point is resumed from the journal.
  if (std::remove(journal_->path().c_str()) != 0 && errno != ENOENT)
    return absl::UnavailableError(absl::StrCat("cannot remove ", journal_->path(), ": ", std::strerror(errno)));
  return absl::OkStatus();
}

void PrintConsoleSummary(std::FILE* out, const RunInfo& info, const std::vector<Record>& records,
                         const std::string& dir) {
  struct SuiteLine {
    int64_t records = 0, differing = 0, known = 0, stale = 0, errors = 0, unsupported = 0;
  };
  std::map<std::string, SuiteLine> suites;
  struct FieldLine {
    int64_t count = 0;
    const Record* example = nullptr;
    const FieldDiff* diff = nullptr;
  };
  std::map<std::string, FieldLine> fields;
  for (const Record& r : records) {
    SuiteLine& s = suites[r.suite];
    ++s.records;
    switch (r.verdict) {
      case Verdict::kDiffers: ++s.differing; break;
      case Verdict::kKnown: ++s.known; break;
      case Verdict::kUnexpectedlyEqual: ++s.stale; break;
      case Verdict::kError: ++s.errors; break;
      case Verdict::kUnsupported: ++s.unsupported; break;
      default: break;
    }
    for (const FieldDiff& d : r.diffs) {
      if (d.known) continue;
      FieldLine& f = fields[FieldKind(d.field)];
      if (f.count++ == 0) {
        f.example = &r;
        f.diff = &d;
      }
    }
  }
  std::fprintf(out, "\n%-28s %8s %9s %6s %7s %6s %11s\n", "suite", "records", "differing", "known", "stale", "errors",
               "unsupported");
  for (const auto& [name, s] : suites)
    std::fprintf(out, "%-28s %8lld %9lld %6lld %7lld %6lld %11lld\n", name.c_str(), static_cast<long long>(s.records),
                 static_cast<long long>(s.differing), static_cast<long long>(s.known),
                 static_cast<long long>(s.stale), static_cast<long long>(s.errors),
                 static_cast<long long>(s.unsupported));
  if (!fields.empty()) {
    std::fprintf(out, "\ndiffering fields (count, first example):\n");
    for (const auto& [kind, f] : fields) {
      std::fprintf(out, "  %-22s %6lld  %s [%s]\n      %s\n      %s\n", kind.c_str(), static_cast<long long>(f.count),
                   f.example->case_id.c_str(), EnginePair(*f.example).c_str(), FieldDiffLine(*f.diff).c_str(),
                   ReproCommand(*f.example, info).c_str());
    }
  }
  for (const Record& r : records) {
    if (r.verdict == Verdict::kError) {
      std::fprintf(out, "\nfirst error: %s [%s]: %s\n", r.case_id.c_str(), EnginePair(r).c_str(), r.note.c_str());
      break;
    }
  }
  const bool compressed = access((dir + "/" + RecordsFileName(true)).c_str(), F_OK) == 0;
  std::fprintf(out, "\nreports: %s/{%s,summary.json,summary.md,report.html,junit.xml}\n", dir.c_str(),
               RecordsFileName(compressed).c_str());
  (void)info;
}

void PrintStaleRules(std::FILE* out, const std::vector<StaleRule>& stale) {
  if (stale.empty()) return;
  std::fprintf(out, "%zu stale rules: they applied to records of this run and covered nothing (fixed, or not reached?):\n",
               stale.size());
  for (const StaleRule& s : stale) std::fprintf(out, "  %s\n", StaleRuleLine(s).c_str());
}

void PrintAccuracyFindings(std::FILE* out, const std::vector<Record>& records, const TruthKinds& truth_kinds) {
  const AccuracyStudy study = StudyAccuracy(records, truth_kinds);
  std::vector<std::string> pooled;  // "1200 estimates", "0 rank trials"
  for (const auto& part : study.parts)
    pooled.push_back(absl::StrCat(part->trials(), " ", part->trials_noun()));
  std::fprintf(out, "accuracy: %zu findings over %s (accuracy.md)\n", study.findings.size(),
               absl::StrJoin(pooled, " and ").c_str());
  for (const auto& f : study.findings)
    std::fprintf(out, "  %s %s %s n=%lld: %s\n", f.suite.c_str(), f.series.c_str(), f.engine.c_str(),
                 static_cast<long long>(f.truth), f.text.c_str());
}

void PrintOutOfMemoryAdvice(std::FILE* out, const std::vector<Record>& records) {
  constexpr const char* kOom = "OutOfMemoryError";
  int64_t count = 0;
  for (const Record& r : records) {
    bool oom = r.note.find(kOom) != std::string::npos;
    for (const FieldDiff& d : r.diffs)
      for (const Value* v : {&d.reference, &d.candidate})
        oom = oom || (v->kind == Value::Kind::kError && v->error_class.find(kOom) != std::string::npos);
    count += oom;
  }
  if (count > 0)
    std::fprintf(out,
                 "%lld records ran out of Java heap (OutOfMemoryError): the cases are larger than the heap, which "
                 "is two fifths of --memory; give the run more with --memory=MiB, or the heap alone with "
                 "--jvm_options=-Xmx8g\n",
                 static_cast<long long>(count));
}

}  // namespace dsconform
