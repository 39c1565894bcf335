#include "reports/html_report.h"

#include <algorithm>
#include <map>
#include <type_traits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reports/html_report_assets.h"
#include "reports/markup_escape.h"
#include "reports/record_text.h"
#include "reports/report_file.h"

namespace dsconform {
namespace {

constexpr Verdict kVerdictOrder[] = {Verdict::kDiffers,     Verdict::kError, Verdict::kUnexpectedlyEqual,
                                     Verdict::kKnown,       Verdict::kUnsupported, Verdict::kEqual};

std::string H(const std::string& s) { return EscapeMarkupText(s); }
std::string A(const std::string& s) { return EscapeMarkupAttribute(s); }
std::string Code(const std::string& s) { return absl::StrCat("<code>", H(s), "</code>"); }
std::string VerdictBadge(Verdict v) {
  return absl::StrCat("<span class=\"v v-", VerdictName(v), "\">", VerdictName(v), "</span>");
}
bool IsWebLink(const std::string& url) { return url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0; }

// How many of the kept failing records a part shows: the first of them, up to its cap.
size_t Cap(int cap) { return static_cast<size_t>(std::max(0, cap)); }

// The `cap` rows of `rows` with the most differences, then by name.
template <typename Tally>
std::vector<const std::pair<const std::string, Tally>*> Busiest(const std::map<std::string, Tally>& rows, int cap,
                                                               int64_t (*weight)(const Tally&)) {
  std::vector<const std::pair<const std::string, Tally>*> out;
  for (const auto& row : rows) out.push_back(&row);
  std::stable_sort(out.begin(), out.end(), [&](const auto* a, const auto* b) { return weight(a->second) > weight(b->second); });
  if (out.size() > static_cast<size_t>(cap)) out.resize(cap);
  return out;
}

class HtmlBuilder {
 public:
  HtmlBuilder(const RunInfo& info, const RunSummary& summary, const HtmlFailingRecords& failing, const HtmlOptions& o)
      : info_(info), summary_(summary), kept_(failing.kept()), failing_(failing.failing()), o_(o) {}

  std::string Build() {
    const Gate gate = EvaluateGate(info_, summary_);
    absl::StrAppend(&out_,
                    "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                    "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n<title>dsconform: ",
                    H(gate.text), "</title>\n<style>", kHtmlReportCss, "</style>\n<script>", kHtmlReportErrorTrap,
                    "</script>\n</head>\n<body>\n");
    Header(gate);
    Summary();
    Files();
    out_ += o_.extra_section_html;
    // The details get the bytes the page has left once the table is in; the table links only to
    // the details written, so it is written again once they are known.
    std::string head = std::move(out_);
    detailed_.assign(kept_.size(), false);
    std::fill_n(detailed_.begin(), std::min(kept_.size(), Cap(o_.max_detailed_records)), true);
    const size_t table_bytes = Rendered(&HtmlBuilder::RecordsTable).size();
    const size_t used = head.size() + table_bytes;
    std::string details = Rendered([&] { Details(o_.max_bytes > used ? o_.max_bytes - used : 0); });
    out_ = std::move(head);
    RecordsTable();
    out_ += details;
    absl::StrAppend(&out_, "<script>", kHtmlReportScript, "</script>\n</body></html>\n");
    return std::move(out_);
  }

 private:
  // What `write` appends to out_, alone.
  template <typename Write>
  std::string Rendered(Write write) {
    std::string saved = std::move(out_);
    out_.clear();
    if constexpr (std::is_member_function_pointer_v<Write>) {
      (this->*write)();
    } else {
      write();
    }
    std::string part = std::move(out_);
    out_ = std::move(saved);
    return part;
  }

  void Header(const Gate& gate) {
    absl::StrAppend(&out_, "<header><h1>dsconform <span class=\"gate ", gate.passed ? "pass" : "fail", "\">",
                    H(gate.text), "</span></h1>\n<dl class=\"run\">");
    std::vector<std::string> engines;
    for (const auto& e : info_.engines)
      engines.push_back(absl::StrCat(Code(e), e == info_.reference ? " (reference)" : ""));
    std::vector<std::string> suites;
    for (const auto& s : info_.suites) suites.push_back(Code(s));
    absl::StrAppend(&out_, "<dt>Engines</dt><dd>", absl::StrJoin(engines, ", "), "</dd><dt>Suites</dt><dd>",
                    absl::StrJoin(suites, ", "), "</dd><dt>Status</dt><dd>", H(info_.status), ": ",
                    summary_.total.records, " records for ", info_.total_cases, " cases</dd>");
    if (!info_.known_differences.empty())
      absl::StrAppend(&out_, "<dt>Known differences</dt><dd>", Code(info_.known_differences), "</dd>");
    if (!info_.command_line.empty()) absl::StrAppend(&out_, "<dt>Command</dt><dd>", Code(info_.command_line), "</dd>");
    out_ += "</dl>\n";
    if (!o_.timing_line.empty()) absl::StrAppend(&out_, "<p class=\"timing\">", H(o_.timing_line), "</p>\n");
    out_ += "</header>\n";
  }

  static std::string CountCells(const VerdictCounts& c) {
    std::string s = absl::StrCat("<td class=\"n\">", c.records, "</td>");
    for (Verdict v : {Verdict::kEqual, Verdict::kDiffers, Verdict::kKnown, Verdict::kUnexpectedlyEqual,
                      Verdict::kUnsupported, Verdict::kError})
      absl::StrAppend(&s, "<td class=\"n\">", c.Of(v), "</td>");
    return s;
  }

  void CountsTable(const char* title, const char* key, const std::map<std::string, VerdictCounts>& rows) {
    absl::StrAppend(&out_, "<h3>", title, "</h3>\n<table class=\"sortable counts\"><thead><tr><th>", key,
                    "</th><th>records</th><th>equal</th><th>differs</th><th>known</th><th>unexpectedly equal</th>"
                    "<th>unsupported</th><th>error</th></tr></thead><tbody>\n");
    for (const auto& [name, c] : rows)
      absl::StrAppend(&out_, "<tr><td>", name.empty() ? "(none)" : Code(name), "</td>", CountCells(c), "</tr>\n");
    absl::StrAppend(&out_, "</tbody><tfoot><tr><td>all</td>", CountCells(summary_.total), "</tr></tfoot></table>\n");
  }

  // Rule parts that applied to records of the run and covered nothing: a notice, not a failure.
  void StaleRules() {
    if (summary_.stale_rules.empty()) return;
    absl::StrAppend(&out_, "<h3>Stale rules</h3>\n<p class=\"note\">Applied to records of this run and covered ",
                    "nothing: the finding may be fixed in the engines compared, or the run did not reach it.</p>\n<ul>\n");
    for (const StaleRule& s : summary_.stale_rules)
      absl::StrAppend(&out_, "<li>", Code(s.finding), s.part.empty() ? "" : absl::StrCat(" part ", Code(s.part)), " (",
                      Code(s.where), ", ", s.records, " records): ", H(s.reason), " (", Code(s.doc), ")</li>\n");
    out_ += "</ul>\n";
  }

  void TallyTable(const char* title, const char* key, const std::map<std::string, DifferenceTally>& rows) {
    if (rows.empty()) return;
    absl::StrAppend(&out_, "<h3>", title, "</h3>\n<table class=\"sortable tally\"><thead><tr><th>", key,
                    "</th><th>differences</th><th>known</th><th>examples</th></tr></thead><tbody>\n");
    const auto busiest = Busiest<DifferenceTally>(rows, o_.max_tally_rows, [](const DifferenceTally& t) { return t.count; });
    for (const auto* row : busiest) {
      const auto& [name, t] = *row;
      std::vector<std::string> ex;
      for (const auto& id : t.examples) ex.push_back(Code(id));
      for (const auto& id : t.known_examples) ex.push_back(Code(id) + " (known)");
      absl::StrAppend(&out_, "<tr><td>", Code(name), "</td><td class=\"n\">", t.count, "</td><td class=\"n\">",
                      t.known, "</td><td>", absl::StrJoin(ex, "<br>"), "</td></tr>\n");
    }
    out_ += "</tbody></table>\n";
    LeftOutRows(rows.size() - busiest.size());
  }

  void LeftOutRows(size_t n) {
    if (n > 0)
      absl::StrAppend(&out_, "<p class=\"left-out\">", n, " less frequent rows are left out here; ",
                      "<a href=\"summary.json\">summary.json</a> has all of them.</p>\n");
  }

  // Known records are not listed one by one: one row per finding says how many and where.
  void FindingsTable() {
    if (summary_.by_finding.empty()) return;
    out_ += "<h3>Per finding (known differences)</h3>\n<table class=\"sortable findings\"><thead><tr><th>finding"
            "</th><th>records</th><th>known</th><th>engine pairs</th><th>examples</th></tr></thead><tbody>\n";
    const auto busiest = Busiest<FindingTally>(summary_.by_finding, o_.max_tally_rows,
                                               [](const FindingTally& f) { return f.records; });
    for (const auto* row : busiest) {
      const auto& [finding, f] = *row;
      std::vector<std::string> pairs, ex;
      for (const auto& [pair, n] : f.by_engine_pair) pairs.push_back(absl::StrCat(Code(pair), ": ", n));
      for (const auto& id : f.examples) ex.push_back(Code(id));
      absl::StrAppend(&out_, "<tr><td>", Code(finding), "</td><td class=\"n\">", f.records, "</td><td class=\"n\">",
                      f.known, "</td><td>", absl::StrJoin(pairs, "<br>"), "</td><td>", absl::StrJoin(ex, "<br>"),
                      "</td></tr>\n");
    }
    out_ += "</tbody></table>\n";
    LeftOutRows(summary_.by_finding.size() - busiest.size());
  }

  std::string RecordsLink() const { return absl::StrCat("<a href=\"", A(o_.records_file), "\">", H(o_.records_file), "</a>"); }

  // The run's other files, written beside this one: the complete record is there, not here.
  void Files() {
    out_ += "<section id=\"files\"><h2>Files</h2>\n<ul class=\"files\">"
            "<li>" + RecordsLink() + ": every record with every field difference "
            "(<code>dsconform merge</code> and <code>run --resume</code> read it)</li>"
            "<li><a href=\"summary.md\">summary.md</a> and <a href=\"summary.json\">summary.json</a>: "
            "the summary, every row of its tables</li>"
            "<li><a href=\"junit.xml\">junit.xml</a>: one test case per record</li>";
    if (!o_.extra_section_html.empty())
      out_ += "<li><a href=\"accuracy.md\">accuracy.md</a> and <a href=\"accuracy.json\">accuracy.json</a>: "
              "the accuracy study</li>";
    out_ += "</ul></section>\n";
  }

  void Summary() {
    out_ += "<section id=\"summary\"><h2>Summary</h2>\n";
    CountsTable("Per suite", "suite", summary_.by_suite);
    CountsTable("Per family", "family", summary_.by_family);
    CountsTable("Per engine pair", "reference -&gt; candidate", summary_.by_engine_pair);
    FindingsTable();
    TallyTable("Per field", "field", summary_.by_field);
    TallyTable("Per full field name", "field", summary_.by_full_field);
    TallyTable("Per decoded field", "decoded field", summary_.by_decoded_field);
    StaleRules();
    out_ += "</section>\n";
  }

  static std::string DifferingFields(const Record& r) {
    std::vector<std::string> names;
    for (const auto& d : r.diffs) {
      if (names.size() == 6) {
        names.push_back(absl::StrCat("+", r.diffs.size() - 6));
        break;
      }
      names.push_back(d.field + (d.known && r.verdict != Verdict::kKnown ? " (known)" : ""));
    }
    return H(absl::StrJoin(names, ", "));
  }

  void RecordsTable() {
    out_ += "<section id=\"records\"><h2>Failing records</h2>\n<p class=\"note\">Records that differ beyond the "
            "known differences, errors and unexpectedly equal ones; the rest are counted above.</p>\n"
            "<div class=\"controls\">"
            "<input id=\"filter\" type=\"search\" placeholder=\"filter: case id, suite, engine, field\" "
            "aria-label=\"filter records\"> <select id=\"verdict\" aria-label=\"verdict\">"
            "<option value=\"\">all verdicts</option>";
    for (Verdict v : kVerdictOrder)
      if (VerdictFails(v))
        absl::StrAppend(&out_, "<option value=\"", VerdictName(v), "\">", VerdictName(v), " (", summary_.total.Of(v),
                        ")</option>");
    out_ += "</select> <span id=\"shown\"></span></div>\n<table id=\"records-table\" class=\"sortable\"><thead><tr>"
            "<th>#</th><th>case</th><th>suite</th><th>candidate</th><th>writer</th><th>verdict</th>"
            "<th>differing fields</th></tr></thead><tbody>\n";
    const size_t rows = std::min(kept_.size(), Cap(o_.max_table_rows));
    for (size_t k = 0; k < rows; ++k) {
      const Record& r = kept_[k].record;
      const std::string id =
          detailed_[k] ? absl::StrCat("<a href=\"#d", kept_[k].position, "\">", H(r.case_id), "</a>") : H(r.case_id);
      absl::StrAppend(&out_, "<tr data-verdict=\"", VerdictName(r.verdict), "\"><td class=\"n\">", r.index,
                      "</td><td><code>", id, "</code></td><td>", H(r.suite), "</td><td>", H(r.candidate), "</td><td>",
                      H(r.writer), "</td><td>", VerdictBadge(r.verdict), "</td><td>", DifferingFields(r),
                      "</td></tr>\n");
    }
    out_ += "</tbody></table>\n";
    if (const size_t left_out = failing_ - std::min(failing_, Cap(o_.max_table_rows)); left_out > 0)
      absl::StrAppend(&out_, "<p class=\"left-out\">", left_out,
                      " more failing records are not listed here to keep this file small; ",
                      RecordsLink(), " has all of them.</p>\n");
    out_ += "</section>\n";
  }

  std::string ValueCell(const FieldDiff& d, bool reference) const {
    const bool missing = reference ? d.missing_in_reference : d.missing_in_candidate;
    const Value& v = reference ? d.reference : d.candidate;
    std::string cell = absl::StrCat("<pre>", H(Truncated(missing ? "(missing)" : v.Summary(), o_.max_value_chars)),
                                    "</pre>");
    if (!missing && v.kind == Value::Kind::kError && !v.stack.empty())
      absl::StrAppend(&cell, "<details><summary>stack</summary><pre>", H(Truncated(v.stack, o_.max_value_chars)),
                      "</pre></details>");
    return cell;
  }

  // A byte image's hex view; false if the field holds no image.
  bool ByteImage(const FieldDiff& d) {
    const bool ref_bytes = !d.missing_in_reference && d.reference.kind == Value::Kind::kBytes;
    const bool cand_bytes = !d.missing_in_candidate && d.candidate.kind == Value::Kind::kBytes;
    const bool omitted = d.reference.kind == Value::Kind::kOmitted || d.candidate.kind == Value::Kind::kOmitted;
    if (!ref_bytes && !cand_bytes && !omitted) return false;
    absl::StrAppend(&out_, "<h4>", Code(d.field), "</h4>\n");
    if (!d.decoded.empty()) {
      out_ += "<ul class=\"decoded\">";
      for (const auto& x : d.decoded)
        absl::StrAppend(&out_, "<li>", H(DecodedDiffText(x)), " <span class=\"at\">@", x.offset, "+", x.size,
                        "</span></li>");
      out_ += "</ul>\n";
    }
    if (omitted) {  // a large image: the record kept its length and first bytes (DiffOptions::max_image_bytes)
      out_ += "<p class=\"at\">Images too large to keep whole in the record: the reproduce command below shows "
              "them, as does a run with --keep_images.</p>\n";
      return true;
    }
    out_ += RenderHexView(ref_bytes ? d.reference.bytes : "", cand_bytes ? d.candidate.bytes : "", d.decoded, o_.hex);
    return true;
  }

  void Detail(size_t i, const Record& r) {
    absl::StrAppend(&out_, "<section class=\"detail\" id=\"d", i, "\" data-verdict=\"", VerdictName(r.verdict),
                    "\"><h3>", Code(r.case_id), " ", VerdictBadge(r.verdict), "</h3>\n<p>reference ",
                    Code(r.reference), " · candidate ", Code(r.candidate));
    if (!r.writer.empty()) absl::StrAppend(&out_, " · images written by ", Code(r.writer));
    absl::StrAppend(&out_, " · suite ", Code(r.suite), " · ", r.fields_compared, " fields compared</p>\n");
    if (!r.note.empty()) absl::StrAppend(&out_, "<p class=\"note\">", H(Truncated(r.note, o_.max_value_chars)), "</p>\n");
    if (!r.expectation_reason.empty() || !r.expectation_link.empty()) {
      absl::StrAppend(&out_, "<p class=\"note\">expectation: ", H(r.expectation_reason));
      if (IsWebLink(r.expectation_link))
        absl::StrAppend(&out_, " <a href=\"", A(r.expectation_link), "\">", H(r.expectation_link), "</a>");
      else if (!r.expectation_link.empty())
        absl::StrAppend(&out_, " ", Code(r.expectation_link));
      out_ += "</p>\n";
    }
    if (!r.diffs.empty()) {
      out_ += "<table class=\"fields\"><thead><tr><th>field</th><th>reference</th><th>candidate</th></tr></thead>"
              "<tbody>\n";
      // Differences no rule covers first: they are why the record fails.
      std::vector<const FieldDiff*> diffs;
      for (const auto& d : r.diffs) diffs.push_back(&d);
      std::stable_partition(diffs.begin(), diffs.end(), [](const FieldDiff* d) { return !d->known; });
      const size_t shown = std::min(diffs.size(), static_cast<size_t>(o_.max_diffs_per_detail));
      for (size_t k = 0; k < shown; ++k)
        absl::StrAppend(&out_, "<tr><td>", Code(diffs[k]->field), diffs[k]->known ? " (known)" : "", "</td><td>",
                        ValueCell(*diffs[k], true), "</td><td>", ValueCell(*diffs[k], false), "</td></tr>\n");
      out_ += "</tbody></table>\n";
      if (shown < diffs.size())
        absl::StrAppend(&out_, "<p class=\"left-out\">", diffs.size() - shown,
                        " more field differences of this record are in ", RecordsLink(), ".</p>\n");
      int images = 0;
      for (size_t k = 0; k < shown && images < o_.max_images_per_detail; ++k) images += ByteImage(*diffs[k]);
    }
    absl::StrAppend(&out_, "<p>Reproduce:</p><pre class=\"repro\">", H(ReproCommand(r, info_)), "</pre>\n</section>\n");
  }

  // Details of the selected failing records while out_ stays under `budget` bytes; marks in
  // detailed_ which were written.
  void Details(size_t budget) {
    out_ += "<section id=\"details\"><h2>Details</h2>\n";
    size_t shown = 0, left_out = failing_ - kept_.size();  // those not kept have none
    for (size_t k = 0; k < kept_.size(); ++k) {
      if (!detailed_[k] || out_.size() >= budget) {
        detailed_[k] = false;
        ++left_out;
        continue;
      }
      Detail(kept_[k].position, kept_[k].record);
      ++shown;
    }
    if (shown == 0 && left_out == 0) out_ += "<p>No record fails.</p>\n";
    if (left_out > 0)
      absl::StrAppend(&out_, "<p class=\"left-out\">", left_out, " more failing records have no details here (the "
                      "first ", shown, " are shown, to keep this file small); the records table names them, ",
                      "<code>dsconform repro</code> shows each, and ", RecordsLink(), " has all of them.</p>\n");
    out_ += "</section>\n";
  }

  const RunInfo& info_;
  const RunSummary& summary_;
  const std::vector<HtmlFailingRecords::Kept>& kept_;
  const size_t failing_;  // failing records in the run, kept or not
  const HtmlOptions& o_;
  std::vector<bool> detailed_;  // the kept records whose details the page has
  std::string out_;
};

}  // namespace

HtmlFailingRecords::HtmlFailingRecords(const HtmlOptions& options)
    : cap_(static_cast<size_t>(std::max({options.max_table_rows, options.max_detailed_records, 0}))) {}

void HtmlFailingRecords::Add(const Record& r) {
  const size_t position = added_++;
  if (!VerdictFails(r.verdict)) return;
  if (failing_++ < cap_) kept_.push_back({position, r});
}

std::string RenderHtmlReport(const RunInfo& info, const RunSummary& summary, const HtmlFailingRecords& failing,
                             const HtmlOptions& options) {
  return HtmlBuilder(info, summary, failing, options).Build();
}

std::string RenderHtmlReport(const RunInfo& info, const RunSummary& summary, const std::vector<Record>& records,
                             const HtmlOptions& options) {
  HtmlFailingRecords failing(options);
  for (const Record* r : InReportOrder(records)) failing.Add(*r);
  return RenderHtmlReport(info, summary, failing, options);
}

absl::Status WriteHtmlReport(const std::string& path, const RunInfo& info, const RunSummary& summary,
                             const HtmlFailingRecords& failing, const HtmlOptions& options) {
  return WriteReportFile(path, RenderHtmlReport(info, summary, failing, options));
}

}  // namespace dsconform
