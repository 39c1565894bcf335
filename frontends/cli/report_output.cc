#include "frontends/cli/report_output.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <thread>

#include "absl/strings/str_cat.h"
#include "harness/accuracy/accuracy_report.h"
#include "harness/accuracy/accuracy_study.h"
#include "reports/html_report.h"
#include "reports/junit_report.h"
#include "reports/markdown_report.h"
#include "reports/record_text.h"
#include "reports/report_file.h"
#include "reports/run_summary.h"

namespace dsconform {

absl::StatusOr<std::unique_ptr<ReportOutput>> ReportOutput::Open(const std::string& dir, bool resume) {
  std::vector<Record> done;
  const std::string path = dir + "/" + JsonlWriter::kFileName;
  if (resume) {
    if (access(path.c_str(), R_OK) != 0)
      return absl::NotFoundError(absl::StrCat("--resume: ", path, " does not exist; nothing to resume"));
    auto read = ReadRecordsJsonl(path);
    if (!read.ok()) return read.status();
    // The last case may have been cut off mid-way: drop it and run it again.
    int64_t last = -1;
    for (const Record& r : *read) last = std::max(last, r.index);
    for (Record& r : *read)
      if (r.index != last) done.push_back(std::move(r));
  }
  auto writer = JsonlWriter::Open(dir, JsonlWriter::Mode::kTruncate);
  if (!writer.ok()) {
    return absl::Status(writer.status().code(),
                        absl::StrCat("report directory ", dir, " cannot be written: ", writer.status().message()));
  }
  for (const Record& r : done)
    if (auto st = (*writer)->Write(r); !st.ok()) return st;
  return std::unique_ptr<ReportOutput>(new ReportOutput(dir, std::move(*writer), std::move(done)));
}

absl::Status ReportOutput::Write(const Record& record) {
  records_.push_back(record);
  return writer_->Write(record);
}

absl::Status WriteSummaries(const std::string& dir, const RunInfo& info, const std::vector<Record>& records,
                            const std::string& timing) {
  if (auto st = WriteReportFile(dir + "/run_info.json", RunInfoToJson(info).dump(2) + "\n"); !st.ok()) return st;
  const RunSummary summary = Summarize(records);
  if (auto st = WriteSummaryJson(dir + "/summary.json", info, summary); !st.ok()) return st;
  // Cases with truth give the accuracy study its own two files and a section of the HTML report.
  const AccuracyStudy study = StudyAccuracy(records);
  std::string accuracy_html;
  if (study.trials > 0 || study.rank.trials > 0) {
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
    html.extra_section_html = std::move(accuracy_html);
    html_status = WriteHtmlReport(dir + "/report.html", info, summary, records, html);
  });
  absl::Status st = WriteMarkdownReport(dir + "/summary.md", info, summary, records);
  if (st.ok()) st = WriteJunitReport(dir + "/junit.xml", info, records);
  html_writer.join();
  st.Update(html_status);
  return st;
}

absl::Status ReportOutput::Finish(const RunInfo& info, const std::string& timing, std::FILE* console) {
  if (auto st = writer_->Close(); !st.ok()) return st;
  // Every record into one list, moved rather than copied (a full run's records carry megabytes of images).
  records_.insert(records_.begin(), std::make_move_iterator(done_.begin()), std::make_move_iterator(done_.end()));
  done_.clear();
  std::stable_sort(records_.begin(), records_.end(), [](const Record& a, const Record& b) { return a.index < b.index; });
  if (auto st = WriteSummaries(dir_, info, records_, timing); !st.ok()) return st;
  PrintConsoleSummary(console, info, records_, dir_);
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
  std::fprintf(out, "\nreports: %s/{records.jsonl,summary.json,summary.md,report.html,junit.xml}\n", dir.c_str());
  (void)info;
}

void PrintIdlePatterns(std::FILE* out, const ExpectationSet& set, const std::vector<Record>& records) {
  const std::vector<IdlePattern> idle = IdlePatterns(set, records);
  if (idle.empty()) return;
  std::fprintf(out, "%zu pattern expectations covered no difference of this run (gone, or not reached?):\n", idle.size());
  for (const IdlePattern& p : idle)
    std::fprintf(out, "  %s:%d (case %s, field %s; applied to %lld records): %s\n", set.path.c_str(), p.entry->line,
                 p.entry->case_pattern.c_str(), p.entry->field_pattern.c_str(), static_cast<long long>(p.records),
                 p.entry->reason.c_str());
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
                 "%lld records ran out of Java heap (OutOfMemoryError): the cases are larger than the heap, "
                 "give it more with --jvm_options=-Xmx8g (the default is -Xmx2g)\n",
                 static_cast<long long>(count));
}

}  // namespace dsconform
