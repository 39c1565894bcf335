#include "reports/markdown_report.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reports/markup_escape.h"
#include "reports/record_text.h"
#include "reports/report_file.h"

namespace dsconform {
namespace {

// Untrusted text, made one line and cut to `max` bytes on a character boundary.
std::string OneLine(const std::string& text, size_t max) {
  return Truncated(VisibleText(text, /*keep_newlines=*/false), max);
}

// Prose (notes, reasons) with every character Markdown or GitHub would act on
// backslash-escaped: emphasis, links, HTML, tables, math.
std::string Text(const std::string& text, size_t max) {
  std::string out;
  for (char c : OneLine(text, max)) {
    if (std::string_view("\\`*_[]<>|~&$#").find(c) != std::string_view::npos) out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

std::string Link(const std::string& url, size_t max) {
  const bool plain_url = (url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0) &&
                         url.find_first_of(" ()<>[]`\"'\\|") == std::string::npos;
  return plain_url ? absl::StrCat("[link](", url, ")") : MarkdownCode(url, max, false);
}

class MarkdownBuilder {
 public:
  MarkdownBuilder(const RunInfo& info, const RunSummary& summary, const MarkdownRecords& kept, const MarkdownOptions& o)
      : info_(info), summary_(summary), kept_(kept), o_(o) {}

  std::string Build() {
    Header();
    CountsTable("Per suite", "suite", summary_.by_suite);
    CountsTable("Per engine pair", "reference -> candidate", summary_.by_engine_pair);
    FieldTable();
    DecodedTable();
    FirstExamples();
    Listed(Verdict::kUnexpectedlyEqual, "Unexpectedly equal");
    Listed(Verdict::kError, "Errors");
    StaleRules();
    if (omitted_ > 0)
      absl::StrAppend(&out_, "\n_", omitted_,
                      " more entries left out to keep this summary short; report.html and records.jsonl "
                      "have every record._\n");
    return std::move(out_);
  }

 private:
  std::string C(const std::string& s, bool in_table = false) const { return MarkdownCode(s, o_.max_value_chars, in_table); }

  // Appends a list entry if it fits the character budget; counts it otherwise.
  void Entry(const std::string& text) {
    if (out_.size() + text.size() + kTrailerReserve > o_.max_chars) {
      ++omitted_;
      return;
    }
    out_ += text;
  }

  void Header() {
    const Gate gate = EvaluateGate(info_, summary_);
    absl::StrAppend(&out_, "## dsconform ", Text(gate.text, 1000), "\n\n");
    std::vector<std::string> engines;
    for (const auto& e : info_.engines)
      engines.push_back(absl::StrCat(C(e), e == info_.reference ? " (reference)" : ""));
    std::vector<std::string> suites;
    for (const auto& s : info_.suites) suites.push_back(C(s));
    absl::StrAppend(&out_, "**Engines** ", absl::StrJoin(engines, ", "), " · **Suites** ",
                    suites.empty() ? "(none)" : absl::StrJoin(suites, ", "), " · **Status** ",
                    Text(info_.status, 40), ", ", summary_.total.records, " records for ", info_.total_cases,
                    " cases");
    if (!info_.known_differences.empty())
      absl::StrAppend(&out_, " · **Known differences** ", C(info_.known_differences));
    out_ += "\n";
    if (!info_.command_line.empty()) absl::StrAppend(&out_, "\nRun: ", MarkdownCode(info_.command_line, 1000, false), "\n");
  }

  void MoreRow(size_t more, int columns) {
    absl::StrAppend(&out_, "| ", more, " more |");
    for (int i = 1; i < columns; ++i) out_ += " |";
    out_ += "\n";
  }

  void CountsRow(const std::string& name, const VerdictCounts& c) {
    absl::StrAppend(&out_, "| ", name, " | ", c.records, " | ", c.equal, " | ", c.differs, " | ", c.known, " | ",
                    c.unexpectedly_equal, " | ", c.unsupported, " | ", c.error, " |\n");
  }

  void CountsTable(const char* title, const char* key, const std::map<std::string, VerdictCounts>& rows) {
    absl::StrAppend(&out_, "\n### ", title, "\n\n| ", key,
                    " | records | equal | differs | known | unexpectedly equal | unsupported | error |\n"
                    "|---|--:|--:|--:|--:|--:|--:|--:|\n");
    int n = 0;
    for (const auto& [name, counts] : rows) {
      if (n++ == o_.max_table_rows) {
        MoreRow(rows.size() - o_.max_table_rows, 8);
        break;
      }
      CountsRow(name.empty() ? "(none)" : C(name, true), counts);
    }
    CountsRow("**all**", summary_.total);
  }

  std::string ExampleOf(const DifferenceTally& t) const {
    const auto& ids = t.examples.empty() ? t.known_examples : t.examples;
    return ids.empty() ? "" : C(ids.front(), true);
  }

  void FieldTable() {
    if (summary_.by_field.empty()) return;
    // The full names behind each kind: "compact" <- a.compact, u.compact.
    std::map<std::string, std::vector<std::string>> full_names;
    for (const auto& [full, tally] : summary_.by_full_field) full_names[FieldKind(full)].push_back(C(full, true));
    out_ += "\n### Per field\n\n| field | differences | known | fields | example |\n|---|--:|--:|---|---|\n";
    int n = 0;
    for (const auto& [kind, t] : summary_.by_field) {
      if (n++ == o_.max_table_rows) {
        MoreRow(summary_.by_field.size() - o_.max_table_rows, 5);
        break;
      }
      absl::StrAppend(&out_, "| ", C(kind, true), " | ", t.count, " | ", t.known, " | ",
                      absl::StrJoin(full_names[kind], ", "), " | ", ExampleOf(t), " |\n");
    }
  }

  void DecodedTable() {
    if (summary_.by_decoded_field.empty()) return;
    out_ += "\n### Per decoded field\n\n| decoded field | differences | known | example |\n|---|--:|--:|---|\n";
    int n = 0;
    for (const auto& [kind, t] : summary_.by_decoded_field) {
      if (n++ == o_.max_table_rows) {
        MoreRow(summary_.by_decoded_field.size() - o_.max_table_rows, 4);
        break;
      }
      absl::StrAppend(&out_, "| ", C(kind, true), " | ", t.count, " | ", t.known, " | ", ExampleOf(t), " |\n");
    }
  }

  std::string RecordLead(const Record& r) const {
    std::string s = absl::StrCat("- ", C(r.case_id), " on ", C(r.candidate));
    if (!r.writer.empty()) absl::StrAppend(&s, " reading images from ", C(r.writer));
    return s;
  }

  std::string ReproLine(const Record& r) const {
    return absl::StrCat("  - repro: ", MarkdownCode(ReproCommand(r, info_), 4000, false), "\n");
  }

  // Up to max_examples_per_kind records per kind of unexpected difference.
  void FirstExamples() {
    if (kept_.examples().empty()) return;
    out_ += "\n### First examples\n";
    for (const auto& [kind, list] : kept_.examples()) {
      const DifferenceTally& t = summary_.by_field.at(kind);
      Entry(absl::StrCat("\n#### ", C(kind), " (", t.count - t.known, " unexpected)\n\n"));
      for (const MarkdownRecords::Example& x : list) {
        const Record& r = kept_.records()[x.record];
        const FieldDiff& d = r.diffs[x.diff];
        std::string e = absl::StrCat(RecordLead(r), ": ", C(d.field), "\n");
        absl::StrAppend(&e, "  - reference: ", C(ReferenceText(d)), "\n");
        absl::StrAppend(&e, "  - candidate: ", C(CandidateText(d)), "\n");
        if (!d.decoded.empty()) {
          std::vector<std::string> dec;
          for (const auto& y : d.decoded) dec.push_back(C(DecodedDiffText(y)));
          absl::StrAppend(&e, "  - decoded: ", absl::StrJoin(dec, ", "), "\n");
        }
        e += ReproLine(r);
        Entry(e);
      }
    }
  }

  void Listed(Verdict v, const char* title) {
    const MarkdownRecords::Listed& listed = kept_.listed(v);
    if (listed.count == 0) return;
    absl::StrAppend(&out_, "\n### ", title, " (", listed.count, ")\n\n");
    for (size_t i = 0; i < listed.records.size(); ++i) {
      const Record& r = kept_.records()[listed.records[i]];
      std::string e = absl::StrCat(RecordLead(r), ": ");
      if (v == Verdict::kUnexpectedlyEqual) {
        absl::StrAppend(&e, "expected a difference: ",
                        r.expectation_reason.empty() ? "(no reason given)" : Text(r.expectation_reason, o_.max_value_chars));
        if (!r.expectation_link.empty()) absl::StrAppend(&e, " (", Link(r.expectation_link, o_.max_value_chars), ")");
      } else {
        absl::StrAppend(&e, r.note.empty() ? "(no note)" : Text(r.note, o_.max_value_chars));
      }
      e += "\n" + ReproLine(r);
      Entry(e);
    }
    omitted_ += listed.count - static_cast<int64_t>(listed.records.size());
  }

  // Notices, not failures: the finding may be fixed in the engines compared, or not reached.
  void StaleRules() {
    if (summary_.stale_rules.empty()) return;
    absl::StrAppend(&out_, "\n### Stale rules (", summary_.stale_rules.size(),
                    "): applied to records of this run, covered nothing\n\n");
    for (const StaleRule& s : summary_.stale_rules)
      Entry(absl::StrCat("- ", C(s.finding), s.part.empty() ? "" : absl::StrCat(" part ", C(s.part)), " (",
                         C(s.where), ", ", s.records, " records): ", Text(s.reason, o_.max_value_chars), " (",
                         C(s.doc), ")\n"));
  }

  static constexpr size_t kTrailerReserve = 200;
  const RunInfo& info_;
  const RunSummary& summary_;
  const MarkdownRecords& kept_;
  const MarkdownOptions& o_;
  std::string out_;
  int64_t omitted_ = 0;
};

}  // namespace

MarkdownRecords::MarkdownRecords(const MarkdownOptions& options) : o_(options) {}

size_t MarkdownRecords::Keep(const Record& r) {
  records_.push_back(r);
  return records_.size() - 1;
}

void MarkdownRecords::Add(const Record& r) {
  if (r.verdict == Verdict::kDiffers) {
    std::optional<size_t> kept;
    for (size_t i = 0; i < r.diffs.size(); ++i) {
      if (r.diffs[i].known) continue;
      auto& list = examples_[FieldKind(r.diffs[i].field)];
      if (list.size() >= static_cast<size_t>(o_.max_examples_per_kind)) continue;
      if (!kept) kept = Keep(r);
      list.push_back({*kept, i});
    }
  }
  if (r.verdict == Verdict::kUnexpectedlyEqual || r.verdict == Verdict::kError) {
    Listed& l = listed_[r.verdict];
    if (l.count++ < o_.max_listed) l.records.push_back(Keep(r));
  }
}

const MarkdownRecords::Listed& MarkdownRecords::listed(Verdict v) const {
  static const Listed* none = new Listed();
  auto it = listed_.find(v);
  return it == listed_.end() ? *none : it->second;
}

std::string RenderMarkdownReport(const RunInfo& info, const RunSummary& summary, const MarkdownRecords& kept,
                                 const MarkdownOptions& options) {
  return MarkdownBuilder(info, summary, kept, options).Build();
}

std::string RenderMarkdownReport(const RunInfo& info, const RunSummary& summary, const std::vector<Record>& records,
                                 const MarkdownOptions& options) {
  MarkdownRecords kept(options);
  for (const Record* r : InReportOrder(records)) kept.Add(*r);
  return RenderMarkdownReport(info, summary, kept, options);
}

absl::Status WriteMarkdownReport(const std::string& path, const RunInfo& info, const RunSummary& summary,
                                 const MarkdownRecords& kept, const MarkdownOptions& options) {
  return WriteReportFile(path, RenderMarkdownReport(info, summary, kept, options));
}

}  // namespace dsconform
