#include "reports/junit_report.h"

#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reports/markup_escape.h"
#include "reports/record_text.h"
#include "reports/report_file.h"
#include "reports/run_summary.h"

namespace dsconform {
namespace {

constexpr size_t kMaxMessageChars = 1000;

std::string Attr(const std::string& s) { return EscapeMarkupAttribute(s); }

std::string TestName(const Record& r) {
  return absl::StrCat(r.case_id, " [", r.candidate, r.writer.empty() ? "" : absl::StrCat(" from ", r.writer), "]");
}

// Every difference of a record, one per line, decoded fields indented below.
std::string DiffLines(const Record& r) {
  std::string body;
  for (const FieldDiff& d : r.diffs) {
    absl::StrAppend(&body, d.field, ": ", ReferenceText(d), " vs ", CandidateText(d),
                    d.known && r.verdict != Verdict::kKnown ? " (known)" : "", "\n");
    for (const DecodedDiff& x : d.decoded) absl::StrAppend(&body, "  ", DecodedDiffText(x), "\n");
  }
  return body;
}

// The fields of a known record, by name: "3 fields differ: a.compact, a.estimate, a.lb1".
std::string KnownFieldsLine(const Record& r) {
  constexpr size_t kNamed = 8;
  std::vector<std::string> names;
  for (size_t i = 0; i < r.diffs.size() && i < kNamed; ++i) names.push_back(r.diffs[i].field);
  return absl::StrCat(r.diffs.size(), r.diffs.size() == 1 ? " field differs: " : " fields differ: ",
                      absl::StrJoin(names, ", "),
                      r.diffs.size() > kNamed ? absl::StrCat(", and ", r.diffs.size() - kNamed, " more") : "",
                      " (values in the records file)\n");
}

std::string TestCase(const Record& r, const RunInfo& info) {
  const std::string suite = r.suite.empty() ? "(no suite)" : r.suite;
  std::string x = absl::StrCat("    <testcase classname=\"", Attr(suite), "\" name=\"", Attr(TestName(r)), "\"");
  const std::string repro = absl::StrCat("repro: ", ReproCommand(r, info), "\n");
  switch (r.verdict) {
    case Verdict::kEqual:
      return x + "/>\n";
    case Verdict::kUnsupported:
      return absl::StrCat(x, ">\n      <skipped message=\"", Attr(Truncated(r.note, kMaxMessageChars)), "\"/>\n    </testcase>\n");
    case Verdict::kKnown: {
      // Named, not repeated: a full run has tens of thousands of known records, whose values
      // records.jsonl holds (with them, every suite at full scale wrote a 742 MB junit.xml).
      std::string note = absl::StrCat("known difference: ", r.expectation_reason,
                                      r.expectation_link.empty() ? "" : absl::StrCat(" (", r.expectation_link, ")"),
                                      "\n", KnownFieldsLine(r));
      return absl::StrCat(x, ">\n      <system-out>", EscapeMarkupText(note), "</system-out>\n    </testcase>\n");
    }
    case Verdict::kDiffers:
    case Verdict::kUnexpectedlyEqual:
    case Verdict::kError: {
      std::string body = r.verdict == Verdict::kDiffers ? DiffLines(r) : RecordHeadline(r) + "\n";
      if (r.verdict == Verdict::kDiffers && !r.note.empty()) absl::StrAppend(&body, "note: ", r.note, "\n");
      body += repro;
      return absl::StrCat(x, ">\n      <failure type=\"", VerdictName(r.verdict), "\" message=\"",
                          Attr(Truncated(RecordHeadline(r), kMaxMessageChars)), "\">", EscapeMarkupText(body),
                          "</failure>\n    </testcase>\n");
    }
  }
  return x + "/>\n";
}

struct SuiteCounts {
  int64_t tests = 0, failures = 0, skipped = 0;
  void Add(Verdict v) {
    ++tests;
    if (VerdictFails(v)) ++failures;
    if (v == Verdict::kUnsupported) ++skipped;
  }
  std::string Attrs() const {
    return absl::StrCat("tests=\"", tests, "\" failures=\"", failures, "\" errors=\"0\" skipped=\"", skipped, "\"");
  }
};

}  // namespace

std::string RenderJunitReport(const RunInfo& info, const std::vector<Record>& records) {
  std::map<std::string, std::vector<const Record*>> by_suite;
  SuiteCounts all;
  for (const Record* r : InReportOrder(records)) {
    by_suite[r->suite.empty() ? "(no suite)" : r->suite].push_back(r);
    all.Add(r->verdict);
  }
  // Which run this was, for whoever opens the file without the rest.
  std::string properties = "    <properties>\n";
  for (const auto& [name, value] : {std::pair<const char*, const std::string&>{"reference", info.reference},
                                    {"status", info.status}, {"command_line", info.command_line}})
    absl::StrAppend(&properties, "      <property name=\"", name, "\" value=\"", Attr(value), "\"/>\n");
  properties += "    </properties>\n";
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  absl::StrAppend(&out, "<testsuites name=\"dsconform\" ", all.Attrs(), ">\n");
  for (const auto& [suite, list] : by_suite) {
    SuiteCounts c;
    for (const Record* r : list) c.Add(r->verdict);
    absl::StrAppend(&out, "  <testsuite name=\"", Attr(suite), "\" ", c.Attrs(), ">\n", properties);
    for (const Record* r : list) out += TestCase(*r, info);
    out += "  </testsuite>\n";
  }
  out += "</testsuites>\n";
  return out;
}

absl::Status WriteJunitReport(const std::string& path, const RunInfo& info, const std::vector<Record>& records) {
  return WriteReportFile(path, RenderJunitReport(info, records));
}

}  // namespace dsconform
