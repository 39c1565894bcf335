#include "reports/junit_report.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
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

struct JunitWriter::Part {
  std::string path;
  std::FILE* file = nullptr;
  SuiteCounts counts;
};

JunitWriter::JunitWriter(std::string path, RunInfo info) : path_(std::move(path)), info_(std::move(info)) {}

JunitWriter::~JunitWriter() {
  for (auto& [suite, part] : parts_) {
    if (part->file != nullptr) std::fclose(part->file);
    std::remove(part->path.c_str());
  }
}

absl::Status JunitWriter::Add(const Record& r) {
  const std::string suite = r.suite.empty() ? "(no suite)" : r.suite;
  std::unique_ptr<Part>& part = parts_[suite];
  if (part == nullptr) {
    part = std::make_unique<Part>();
    part->path = absl::StrCat(path_, ".", parts_.size(), ".part");
    part->file = std::fopen(part->path.c_str(), "w+b");
    if (part->file == nullptr)
      return absl::UnavailableError(absl::StrCat("cannot create ", part->path, ": ", std::strerror(errno)));
  }
  part->counts.Add(r.verdict);
  const std::string x = TestCase(r, info_);
  if (std::fwrite(x.data(), 1, x.size(), part->file) != x.size())
    return absl::UnavailableError(absl::StrCat("cannot write ", part->path, ": ", std::strerror(errno)));
  return absl::OkStatus();
}

absl::Status JunitWriter::Close() {
  SuiteCounts all;
  for (const auto& [suite, part] : parts_) {
    all.tests += part->counts.tests;
    all.failures += part->counts.failures;
    all.skipped += part->counts.skipped;
  }
  // Which run this was, for whoever opens the file without the rest.
  std::string properties = "    <properties>\n";
  for (const auto& [name, value] : {std::pair<const char*, const std::string&>{"reference", info_.reference},
                                    {"status", info_.status}, {"command_line", info_.command_line}})
    absl::StrAppend(&properties, "      <property name=\"", name, "\" value=\"", Attr(value), "\"/>\n");
  properties += "    </properties>\n";
  const std::string tmp = path_ + ".tmp";
  std::FILE* out = std::fopen(tmp.c_str(), "wb");
  if (out == nullptr) return absl::UnavailableError(absl::StrCat("cannot create ", tmp, ": ", std::strerror(errno)));
  bool ok = true;
  const auto put = [&](const std::string& text) { ok = ok && std::fwrite(text.data(), 1, text.size(), out) == text.size(); };
  put(absl::StrCat("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"dsconform\" ", all.Attrs(), ">\n"));
  std::vector<char> buf(1 << 20);
  for (const auto& [suite, part] : parts_) {
    put(absl::StrCat("  <testsuite name=\"", Attr(suite), "\" ", part->counts.Attrs(), ">\n", properties));
    std::rewind(part->file);
    for (size_t n; ok && (n = std::fread(buf.data(), 1, buf.size(), part->file)) > 0;)
      ok = std::fwrite(buf.data(), 1, n, out) == n;
    ok = ok && !std::ferror(part->file);
    put("  </testsuite>\n");
  }
  put("</testsuites>\n");
  ok = std::fclose(out) == 0 && ok;
  if (!ok || std::rename(tmp.c_str(), path_.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    return absl::UnavailableError(absl::StrCat("cannot write ", path_, ": ", why));
  }
  return absl::OkStatus();
}

absl::Status WriteJunitReport(const std::string& path, const RunInfo& info, const std::vector<Record>& records) {
  JunitWriter writer(path, info);
  for (const Record* r : InReportOrder(records))
    if (auto st = writer.Add(*r); !st.ok()) return st;
  return writer.Close();
}

}  // namespace dsconform
