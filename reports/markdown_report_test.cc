#include "reports/markdown_report.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "reports/markup_escape.h"
#include "reports/sample_records.h"

namespace dsconform {
namespace {

std::string Render(const std::vector<Record>& records, const MarkdownOptions& options = {}) {
  return RenderMarkdownReport(SampleRunInfo(), Summarize(records), records, options);
}

// The table rows (header and separator excluded) under a "### <title>" heading.
std::vector<std::string> TableRows(const std::string& md, const std::string& title) {
  std::vector<std::string> rows;
  const size_t at = md.find("### " + title + "\n");
  if (at == std::string::npos) return rows;
  bool in_table = false;
  int seen = 0;
  for (absl::string_view line : absl::StrSplit(md.substr(at), '\n')) {
    if (!line.empty() && line[0] == '|') {
      in_table = true;
      if (++seen > 2) rows.emplace_back(line);
    } else if (in_table) {
      break;
    }
  }
  return rows;
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(MarkdownReportTest, HeaderNamesGateEnginesSuitesAndStatus) {
  const std::string md = Render(SampleRecords());
  EXPECT_EQ(md.substr(0, md.find('\n')), "## dsconform FAIL: 3 differs, 1 unexpectedly equal, 1 error");
  EXPECT_TRUE(Contains(md, "**Engines** `java@9.0.0` (reference), `cpp@5.2.0` · **Suites** `hll.matrix`, "
                           "`hll.unions`, `hll.strings`, `hll.cross_heapify` · **Status** complete, 9 records for "
                           "9 cases · **Known differences** `sketches`"))
      << md;
}

TEST(MarkdownReportTest, SuiteTableHasARowPerSuiteAndATotal) {
  const auto rows = TableRows(Render(SampleRecords()), "Per suite");
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0], "| `hll.cross_heapify` | 2 | 1 | 1 | 0 | 0 | 0 | 0 |");
  EXPECT_EQ(rows[2], "| `hll.strings` | 1 | 0 | 1 | 0 | 0 | 0 | 0 |");
  EXPECT_EQ(rows[3], "| `hll.unions` | 3 | 0 | 0 | 1 | 1 | 1 | 0 |");
  EXPECT_EQ(rows[4], "| **all** | 9 | 2 | 3 | 1 | 1 | 1 | 1 |");
}

TEST(MarkdownReportTest, EnginePairAndFieldTables) {
  const std::string md = Render(SampleRecords());
  const auto pairs = TableRows(md, "Per engine pair");
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(pairs[0], "| `java@9.0.0 -> cpp@5.2.0` | 9 | 2 | 3 | 1 | 1 | 1 | 1 |");
  const auto fields = TableRows(md, "Per field");
  ASSERT_EQ(fields.size(), 4u);
  EXPECT_EQ(fields[0], "| `compact` | 2 | 0 | `a.compact`, `b.compact` | `hll/sketch/lgk=12/type=HLL_4/n=3072` |");
  EXPECT_EQ(fields[2], "| `result.compact` | 1 | 1 | `u.result.compact` | `hll/union/lgk=10/order=reversed/n=5000` |");
  const auto decoded = TableRows(md, "Per decoded field");
  ASSERT_EQ(decoded.size(), 3u);  // curMin, hipAccum, register[*]
  EXPECT_EQ(decoded[2], "| `register[*]` | 2 | 0 | `hll/sketch/lgk=12/type=HLL_4/n=3072` |");
}

TEST(MarkdownReportTest, FirstExamplesShowBothValuesDecodedFieldsAndRepro) {
  const std::string md = Render(SampleRecords());
  EXPECT_TRUE(Contains(md, "#### `compact` (2 unexpected)")) << md;
  EXPECT_TRUE(Contains(md, "- `hll/sketch/lgk=12/type=HLL_4/n=3072` on `cpp@5.2.0`: `a.compact`\n"
                           "  - reference: `64 bytes 01080f161d242b323940474e555c636a...`\n"
                           "  - candidate: `64 bytes 01080f161d242b320000000000000000...`\n"
                           "  - decoded: `hipAccum: 131328.0 vs 0.0`, `register[3]: 5 vs 6`, `register[4]: 2 vs 7`\n"
                           "  - repro: `dsconform repro --engines java@9.0.0,cpp@5.2.0 "
                           "'hll/sketch/lgk=12/type=HLL_4/n=3072'`\n"))
      << md;
  EXPECT_TRUE(Contains(md, "  - repro: `dsconform repro --engines java@9.0.0,cpp@5.2.0 --writer java@9.0.0 "
                           "'hll/cross_heapify/lgk=12/type=HLL_4/n=3072'`"))
      << md;
  EXPECT_TRUE(Contains(md, "  - candidate: `(missing)`")) << md;
  // A known difference is counted but not shown as an example.
  EXPECT_FALSE(Contains(md, "#### `result.compact`")) << md;
}

TEST(MarkdownReportTest, ListsUnexpectedlyEqualAndErrorsWithTheirReason) {
  const std::string md = Render(SampleRecords());
  EXPECT_TRUE(Contains(md, "### Unexpectedly equal (1)\n\n- `hll/union/lgk=11/order=forward/n=5000` on `cpp@5.2.0`: "
                           "expected a difference: Java rebuilds the aux table in another order "
                           "([link](https://github.com/apache/datasketches-java/issues/512))\n"))
      << md;
  // '<', '>', '&' are escaped so GitHub shows them instead of reading HTML.
  EXPECT_TRUE(Contains(md, "### Errors (1)\n\n- `hll/sketch/lgk=3/type=HLL_8/n=1` on `cpp@5.2.0`: java@9.0.0 threw "
                           "SketchesArgumentException: lgConfigK must be \\>= 4 \\&\\& \\<= 21: \\<3\\> \\& "
                           "\"quoted\"\n  - repro: `dsconform repro --engines java@9.0.0,cpp@5.2.0 "
                           "'hll/sketch/lgk=3/type=HLL_8/n=1'`\n"))
      << md;
}

TEST(MarkdownReportTest, KeepsNonAsciiAndShowsControlBytes) {
  const std::string md = Render(SampleRecords());
  EXPECT_TRUE(Contains(md, "`hll/strings/alphabet=naïve-日本語/n=100`")) << md;
  EXPECT_TRUE(Contains(md, "  - candidate: `lgK: 12 <ü> \\x01 \\xff`")) << md;
  EXPECT_EQ(VisibleText(md, /*keep_newlines=*/true), md) << "control bytes or bad UTF-8 leaked into the Markdown";
}

TEST(MarkdownReportTest, BacktickAndPipeInACaseIdStayInsideTheirCodeSpan) {
  auto records = SampleRecords();
  records[0].case_id = "odd/`tick`|pipe";
  const std::string md = Render(records);
  EXPECT_TRUE(Contains(md, "- ``odd/`tick`|pipe`` on")) << md;      // in a list: longer fence
  EXPECT_TRUE(Contains(md, "| ``odd/`tick`\\|pipe`` |")) << md;     // in a table: pipe escaped too
}

TEST(MarkdownReportTest, ExamplesPerKindAreCapped) {
  std::vector<Record> records;
  for (int i = 0; i < 10; ++i) {
    Record r = SampleRecords()[0];  // the image diff
    r.index = i;
    r.case_id = absl::StrCat("hll/sketch/n=", i);
    records.push_back(r);
  }
  MarkdownOptions options;
  options.max_examples_per_kind = 2;
  const std::string md = Render(records, options);
  EXPECT_TRUE(Contains(md, "hll/sketch/n=1` on"));
  EXPECT_FALSE(Contains(md, "hll/sketch/n=2` on"));
}

TEST(MarkdownReportTest, StaysWithinItsCharacterBudgetAndSaysWhatItLeftOut) {
  std::vector<Record> records;
  for (int i = 0; i < 200; ++i) {
    Record r = SampleRecords()[5];  // the error record
    r.index = i;
    r.case_id = absl::StrCat("hll/sketch/lgk=3/n=", i);
    records.push_back(r);
  }
  MarkdownOptions options;
  options.max_chars = 4000;
  options.max_listed = 1000;
  const std::string md = Render(records, options);
  EXPECT_LE(md.size(), 4000u);
  EXPECT_TRUE(Contains(md, "more entries left out to keep this summary short")) << md;
}

TEST(MarkdownReportTest, AnEmptyRunPassesWithOnlyItsTotals) {
  const std::string md = Render({});
  EXPECT_EQ(md.substr(0, md.find('\n')), "## dsconform PASS");
  EXPECT_EQ(TableRows(md, "Per suite"), std::vector<std::string>{"| **all** | 0 | 0 | 0 | 0 | 0 | 0 | 0 |"});
  EXPECT_FALSE(Contains(md, "### First examples"));
}

}  // namespace
}  // namespace dsconform
