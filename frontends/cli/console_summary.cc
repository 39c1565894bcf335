#include "frontends/cli/console_summary.h"

#include <unistd.h>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "frontends/cli/report_output.h"
#include "reports/record_text.h"
#include "reports/run_summary.h"

namespace dsconform {
namespace {

bool RanOutOfHeap(const Record& r) {
  constexpr const char* kOom = "OutOfMemoryError";
  bool oom = r.note.find(kOom) != std::string::npos;
  for (const FieldDiff& d : r.diffs)
    for (const Value* v : {&d.reference, &d.candidate})
      oom = oom || (v->kind == Value::Kind::kError && v->error_class.find(kOom) != std::string::npos);
  return oom;
}

}  // namespace

void ConsoleSummary::Add(const Record& r) {
  SuiteLine& s = suites_[r.suite];
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
    FieldLine& f = fields_[FieldKind(d.field)];
    if (f.count++ == 0)
      f.example = absl::StrCat(r.case_id, " [", EnginePair(r), "]\n      ", FieldDiffLine(d), "\n      ",
                               ReproCommand(r, info_));
  }
  if (r.verdict == Verdict::kError && first_error_.empty())
    first_error_ = absl::StrCat(r.case_id, " [", EnginePair(r), "]: ", r.note);
  out_of_memory_ += RanOutOfHeap(r);
}

void ConsoleSummary::Print(std::FILE* out, const std::string& dir) const {
  std::fprintf(out, "\n%-28s %8s %9s %6s %7s %6s %11s\n", "suite", "records", "differing", "known", "stale", "errors",
               "unsupported");
  for (const auto& [name, s] : suites_)
    std::fprintf(out, "%-28s %8lld %9lld %6lld %7lld %6lld %11lld\n", name.c_str(), static_cast<long long>(s.records),
                 static_cast<long long>(s.differing), static_cast<long long>(s.known),
                 static_cast<long long>(s.stale), static_cast<long long>(s.errors),
                 static_cast<long long>(s.unsupported));
  if (!fields_.empty()) {
    std::fprintf(out, "\ndiffering fields (count, first example):\n");
    for (const auto& [kind, f] : fields_)
      std::fprintf(out, "  %-22s %6lld  %s\n", kind.c_str(), static_cast<long long>(f.count), f.example.c_str());
  }
  if (!first_error_.empty()) std::fprintf(out, "\nfirst error: %s\n", first_error_.c_str());
  const bool compressed = access((dir + "/" + RecordsFileName(true)).c_str(), F_OK) == 0;
  std::fprintf(out, "\nreports: %s/{%s,summary.json,summary.md,report.html,junit.xml}\n", dir.c_str(),
               RecordsFileName(compressed).c_str());
}

void ConsoleSummary::PrintOutOfMemoryAdvice(std::FILE* out) const {
  if (out_of_memory_ > 0)
    std::fprintf(out,
                 "%lld records ran out of Java heap (OutOfMemoryError): the cases are larger than the heap, which "
                 "is a third of --memory; give the run more with --memory=MiB, or the heap alone with "
                 "--jvm_options=-Xmx8g\n",
                 static_cast<long long>(out_of_memory_));
}

void PrintStaleRules(std::FILE* out, const std::vector<StaleRule>& stale) {
  if (stale.empty()) return;
  std::fprintf(out, "%zu stale rules: they applied to records of this run and covered nothing (fixed, or not reached?):\n",
               stale.size());
  for (const StaleRule& s : stale) std::fprintf(out, "  %s\n", StaleRuleLine(s).c_str());
}

void PrintAccuracyFindings(std::FILE* out, const AccuracyStudy& study) {
  std::vector<std::string> pooled;  // "1200 estimates", "0 rank trials"
  for (const auto& part : study.parts) pooled.push_back(absl::StrCat(part->trials(), " ", part->trials_noun()));
  std::fprintf(out, "accuracy: %zu findings over %s (accuracy.md)\n", study.findings.size(),
               absl::StrJoin(pooled, " and ").c_str());
  for (const auto& f : study.findings)
    std::fprintf(out, "  %s %s %s n=%lld: %s\n", f.suite.c_str(), f.series.c_str(), f.engine.c_str(),
                 static_cast<long long>(f.truth), f.text.c_str());
}

}  // namespace dsconform
