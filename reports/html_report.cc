#include "reports/html_report.h"

#include <map>

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

// The records each part shows, chosen so that a big run keeps what matters.
struct Selection {
  std::vector<bool> in_table;
  std::vector<bool> detailed;
  size_t table_left_out = 0;
  size_t details_left_out = 0;
};

// Takes records (in `order`) whose verdict `wanted` allows, until `cap`.
template <typename Pred>
void Take(const std::vector<const Record*>& order, Pred wanted, size_t cap, std::vector<bool>* chosen, size_t* taken) {
  for (size_t i = 0; i < order.size() && *taken < cap; ++i) {
    if ((*chosen)[i] || !wanted(order[i]->verdict)) continue;
    (*chosen)[i] = true;
    ++*taken;
  }
}

Selection Select(const std::vector<const Record*>& order, const HtmlOptions& o) {
  Selection s;
  const size_t n = order.size();
  s.in_table.assign(n, false);
  s.detailed.assign(n, false);
  size_t rows = 0, details = 0, detail_candidates = 0;
  Take(order, [](Verdict v) { return v != Verdict::kEqual; }, o.max_table_rows, &s.in_table, &rows);
  Take(order, [](Verdict) { return true; }, o.max_table_rows, &s.in_table, &rows);
  s.table_left_out = n - rows;
  Take(order, VerdictFails, o.max_detailed_records, &s.detailed, &details);
  Take(order, [](Verdict v) { return v == Verdict::kKnown; }, o.max_detailed_records, &s.detailed, &details);
  for (const Record* r : order) detail_candidates += VerdictFails(r->verdict) || r->verdict == Verdict::kKnown;
  s.details_left_out = detail_candidates - details;
  return s;
}

class HtmlBuilder {
 public:
  HtmlBuilder(const RunInfo& info, const RunSummary& summary, const std::vector<Record>& records, const HtmlOptions& o)
      : info_(info), summary_(summary), order_(InReportOrder(records)), o_(o), sel_(Select(order_, o)) {}

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
    out_ += o_.extra_section_html;
    RecordsTable();
    Details();
    absl::StrAppend(&out_, "<script>", kHtmlReportScript, "</script>\n</body></html>\n");
    return std::move(out_);
  }

 private:
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
    for (const auto& [name, t] : rows) {
      std::vector<std::string> ex;
      for (const auto& id : t.examples) ex.push_back(Code(id));
      for (const auto& id : t.known_examples) ex.push_back(Code(id) + " (known)");
      absl::StrAppend(&out_, "<tr><td>", Code(name), "</td><td class=\"n\">", t.count, "</td><td class=\"n\">",
                      t.known, "</td><td>", absl::StrJoin(ex, "<br>"), "</td></tr>\n");
    }
    out_ += "</tbody></table>\n";
  }

  void Summary() {
    out_ += "<section id=\"summary\"><h2>Summary</h2>\n";
    CountsTable("Per suite", "suite", summary_.by_suite);
    CountsTable("Per family", "family", summary_.by_family);
    CountsTable("Per engine pair", "reference -&gt; candidate", summary_.by_engine_pair);
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
    out_ += "<section id=\"records\"><h2>Records</h2>\n<div class=\"controls\">"
            "<input id=\"filter\" type=\"search\" placeholder=\"filter: case id, suite, engine, field\" "
            "aria-label=\"filter records\"> <select id=\"verdict\" aria-label=\"verdict\">"
            "<option value=\"\">all verdicts</option>";
    for (Verdict v : kVerdictOrder)
      absl::StrAppend(&out_, "<option value=\"", VerdictName(v), "\">", VerdictName(v), " (", summary_.total.Of(v),
                      ")</option>");
    out_ += "</select> <span id=\"shown\"></span></div>\n<table id=\"records-table\" class=\"sortable\"><thead><tr>"
            "<th>#</th><th>case</th><th>suite</th><th>candidate</th><th>writer</th><th>verdict</th>"
            "<th>differing fields</th></tr></thead><tbody>\n";
    for (size_t i = 0; i < order_.size(); ++i) {
      if (!sel_.in_table[i]) continue;
      const Record& r = *order_[i];
      const std::string id = sel_.detailed[i] ? absl::StrCat("<a href=\"#d", i, "\">", H(r.case_id), "</a>") : H(r.case_id);
      absl::StrAppend(&out_, "<tr data-verdict=\"", VerdictName(r.verdict), "\"><td class=\"n\">", r.index,
                      "</td><td><code>", id, "</code></td><td>", H(r.suite), "</td><td>", H(r.candidate), "</td><td>",
                      H(r.writer), "</td><td>", VerdictBadge(r.verdict), "</td><td>", DifferingFields(r),
                      "</td></tr>\n");
    }
    out_ += "</tbody></table>\n";
    if (sel_.table_left_out > 0)
      absl::StrAppend(&out_, "<p class=\"left-out\">", sel_.table_left_out,
                      " records (equal ones first) are not listed here to keep this file small; records.jsonl has "
                      "all of them.</p>\n");
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

  void ByteImage(const FieldDiff& d) {
    const bool ref_bytes = !d.missing_in_reference && d.reference.kind == Value::Kind::kBytes;
    const bool cand_bytes = !d.missing_in_candidate && d.candidate.kind == Value::Kind::kBytes;
    const bool omitted = d.reference.kind == Value::Kind::kOmitted || d.candidate.kind == Value::Kind::kOmitted;
    if (!ref_bytes && !cand_bytes && !omitted) return;
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
      return;
    }
    out_ += RenderHexView(ref_bytes ? d.reference.bytes : "", cand_bytes ? d.candidate.bytes : "", d.decoded, o_.hex);
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
      for (const auto& d : r.diffs)
        absl::StrAppend(&out_, "<tr><td>", Code(d.field), d.known ? " (known)" : "", "</td><td>", ValueCell(d, true),
                        "</td><td>", ValueCell(d, false), "</td></tr>\n");
      out_ += "</tbody></table>\n";
      for (const auto& d : r.diffs) ByteImage(d);
    }
    absl::StrAppend(&out_, "<p>Reproduce:</p><pre class=\"repro\">", H(ReproCommand(r, info_)), "</pre>\n</section>\n");
  }

  void Details() {
    out_ += "<section id=\"details\"><h2>Details</h2>\n";
    size_t shown = 0;
    for (size_t i = 0; i < order_.size(); ++i) {
      if (!sel_.detailed[i]) continue;
      Detail(i, *order_[i]);
      ++shown;
    }
    if (shown == 0) out_ += "<p>No record differs.</p>\n";
    if (sel_.details_left_out > 0)
      absl::StrAppend(&out_, "<p class=\"left-out\">", sel_.details_left_out,
                      " more differing records have no details here (the first ", o_.max_detailed_records,
                      " are shown, failing ones first); records.jsonl has all of them.</p>\n");
    out_ += "</section>\n";
  }

  const RunInfo& info_;
  const RunSummary& summary_;
  const std::vector<const Record*> order_;
  const HtmlOptions& o_;
  const Selection sel_;
  std::string out_;
};

}  // namespace

std::string RenderHtmlReport(const RunInfo& info, const RunSummary& summary, const std::vector<Record>& records,
                             const HtmlOptions& options) {
  return HtmlBuilder(info, summary, records, options).Build();
}

absl::Status WriteHtmlReport(const std::string& path, const RunInfo& info, const RunSummary& summary,
                             const std::vector<Record>& records, const HtmlOptions& options) {
  return WriteReportFile(path, RenderHtmlReport(info, summary, records, options));
}

}  // namespace dsconform
