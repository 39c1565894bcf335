#include "reports/html_report.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "reports/html_hex_view.h"
#include "reports/markup_escape.h"
#include "reports/sample_records.h"

namespace dsconform {
namespace {

std::string Render(const std::vector<Record>& records, const HtmlOptions& options = {}) {
  return RenderHtmlReport(SampleRunInfo(), Summarize(records), records, options);
}

int Count(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// `n` copies of the sample record `of`, at indices 0..n-1, with case ids prefix0, prefix1, ...
std::vector<Record> Copies(size_t of, int n, const std::string& prefix) {
  std::vector<Record> records;
  for (int i = 0; i < n; ++i) {
    Record r = SampleRecords()[of];
    r.index = i;
    r.case_id = absl::StrCat(prefix, i);
    records.push_back(r);
  }
  return records;
}

TEST(HtmlReportTest, RecordsTableHasARowPerFailingRecordWithItsVerdict) {
  const std::string html = Render(SampleRecords());
  EXPECT_EQ(Count(html, "<tr data-verdict=\""), 5);  // 3 differs, error, unexpectedly equal
  EXPECT_EQ(Count(html, "<tr data-verdict=\"differs\""), 3);
  EXPECT_EQ(Count(html, "<tr data-verdict=\"equal\""), 0);
  EXPECT_EQ(Count(html, "<tr data-verdict=\"known\""), 0);
  EXPECT_FALSE(Contains(html, "<option value=\"equal\">")) << "the table has no equal records to select";
  EXPECT_TRUE(Contains(html, "<option value=\"differs\">differs (3)</option>"));
  EXPECT_TRUE(Contains(html, "<td>a.compact, a.estimate</td>")) << "differing fields column";
}

TEST(HtmlReportTest, DetailsForFailingRecordsWithRepro) {
  const std::string html = Render(SampleRecords());
  EXPECT_EQ(Count(html, "<section class=\"detail\""), 5);  // 3 differs, error, unexpectedly equal
  EXPECT_TRUE(Contains(html, "<pre class=\"repro\">dsconform repro --engines java@9.0.0,cpp@5.2.0 --writer "
                             "java@9.0.0 'hll/cross_heapify/lgk=12/type=HLL_4/n=3072'</pre>"));
  EXPECT_TRUE(Contains(html, "<pre>3072.125 (0x40a8004000000000)</pre>"));
  EXPECT_TRUE(Contains(html, "<pre>(missing)</pre>"));
}

TEST(HtmlReportTest, HexViewMarksDifferingBytesAndNamesDecodedFields) {
  const std::string html = Render(SampleRecords());
  // Byte 8 is 0x39 in the reference and 0x00 in the candidate, inside hipAccum.
  EXPECT_TRUE(Contains(html, "<span class=\"diff\" title=\"hipAccum\">39</span>")) << html;
  EXPECT_TRUE(Contains(html, "<span class=\"diff\" title=\"hipAccum\">00</span>"));
  EXPECT_TRUE(Contains(html, "<span class=\"diff\" title=\"register[3]\">66</span>"));
  EXPECT_TRUE(Contains(html, "<td class=\"dec\">hipAccum: 131328.0 vs 0.0 @8+8</td>"));
  EXPECT_TRUE(Contains(html, "<td class=\"dec\">register[3]: 5 vs 6 @40+1<br>register[4]: 2 vs 7 @41+1</td>"));
  EXPECT_TRUE(Contains(html, "<td class=\"off\">00000020</td>"));
  // Equal bytes stay plain: 16 a row, a wider gap after the eighth.
  EXPECT_TRUE(Contains(html, "<td class=\"off\">00000000</td><td class=\"bytes\">01 08 0f 16 1d 24 2b 32  "));
}

TEST(HtmlReportTest, EscapesUntrustedTextAndKeepsNonAscii) {
  const std::string html = Render(SampleRecords());
  EXPECT_TRUE(Contains(html, "lgConfigK must be &gt;= 4 &amp;&amp; &lt;= 21: &lt;3&gt; &amp; \"quoted\""));
  EXPECT_FALSE(Contains(html, "<3>"));
  EXPECT_TRUE(Contains(html, "hll/strings/alphabet=naïve-日本語/n=100"));
  EXPECT_TRUE(Contains(html, "lgK: 12 &lt;ü&gt; \\x01 \\xff"));
  EXPECT_EQ(VisibleText(html, /*keep_newlines=*/true), html) << "control bytes or bad UTF-8 leaked into the HTML";
}

TEST(HtmlReportTest, ACaseIdCannotInjectMarkup) {
  auto records = SampleRecords();
  records[0].case_id = "x/<script>alert(1)</script>/\"q\"";
  const std::string html = Render(records);
  EXPECT_FALSE(Contains(html, "<script>alert"));
  EXPECT_TRUE(Contains(html, "x/&lt;script&gt;alert(1)&lt;/script&gt;/"));
}

TEST(HtmlReportTest, SelfContainedWithNothingToFetch) {
  const std::string html = Render(SampleRecords());
  EXPECT_TRUE(Contains(html, "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"));
  EXPECT_FALSE(Contains(html, " src=")) << "no external scripts or images";
  EXPECT_FALSE(Contains(html, "<link")) << "no external stylesheets";
  EXPECT_FALSE(Contains(html, "@import"));
  EXPECT_TRUE(Contains(html, "document.body.setAttribute('data-ready', '1')"));
}

TEST(HtmlReportTest, DeterministicApartFromTheTimingLine) {
  auto records = SampleRecords();
  const std::string a = Render(records);
  std::reverse(records.begin(), records.end());
  EXPECT_EQ(Render(records), a);
  HtmlOptions timed;
  timed.timing_line = "took 1.5 s";
  const std::string b = Render(records, timed);
  EXPECT_TRUE(Contains(b, "<p class=\"timing\">took 1.5 s</p>"));
  EXPECT_FALSE(Contains(a, "class=\"timing\""));
}

TEST(HtmlReportTest, CapsDetailedRecordsAndSaysHowManyWereLeftOut) {
  const std::vector<Record> records = Copies(0, 20, "hll/sketch/n=");
  HtmlOptions options;
  options.max_detailed_records = 5;
  const std::string html = Render(records, options);
  EXPECT_EQ(Count(html, "<section class=\"detail\""), 5);
  EXPECT_TRUE(Contains(html, "15 more failing records have no details here (the first 5 are shown")) << html;
  EXPECT_EQ(Count(html, "<a href=\"#d"), 5) << "the table links only to details the page has";
}

TEST(HtmlReportTest, CapsTableRowsAndSaysHowManyWereLeftOut) {
  const std::vector<Record> records = Copies(0, 12, "c");
  HtmlOptions options;
  options.max_table_rows = 5;
  const std::string html = Render(records, options);
  EXPECT_EQ(Count(html, "<tr data-verdict=\""), 5);
  EXPECT_TRUE(Contains(html, "7 more failing records are not listed here"));
}

TEST(HtmlReportTest, KnownRecordsAreSummarizedByFindingNotRepeated) {
  std::vector<Record> records = Copies(2, 50, "hll/union/n=");  // known, F7
  for (int i = 0; i < 50; i += 5) records[i].candidate = "python@5.2.0";
  const std::string html = Render(records);
  EXPECT_EQ(Count(html, "<tr data-verdict=\""), 0);
  EXPECT_EQ(Count(html, "<section class=\"detail\""), 0);
  EXPECT_TRUE(Contains(html, "<tr><td><code>F7</code></td><td class=\"n\">50</td><td class=\"n\">50</td><td>"
                             "<code>java@9.0.0 -&gt; cpp@5.2.0</code>: 40<br><code>java@9.0.0 -&gt; python@5.2.0</code>: 10"))
      << html;
  EXPECT_TRUE(Contains(html, "<code>hll/union/n=0</code><br><code>hll/union/n=1</code><br><code>hll/union/n=2</code>"));
}

// Many failing records with large differing images: the page keeps to its byte budget, and the
// table links only to the details that made it in.
TEST(HtmlReportTest, StaysWithinItsByteBudget) {
  std::vector<Record> records = Copies(0, 400, "hll/sketch/n=");
  for (Record& r : records) {
    r.diffs[0].reference = Value::Bytes(std::string(8192, '\x01'));
    r.diffs[0].candidate = Value::Bytes(std::string(8192, '\x02'));
    r.diffs[0].ranges = {{0, 8192}};
  }
  HtmlOptions options;
  options.max_bytes = 300'000;
  options.max_detailed_records = 400;
  const std::string html = Render(records, options);
  const int details = Count(html, "<section class=\"detail\"");
  EXPECT_GT(details, 0);
  EXPECT_LT(details, 400);
  EXPECT_LT(html.size(), 400'000u);
  EXPECT_EQ(Count(html, "<a href=\"#d"), details);
  EXPECT_TRUE(Contains(html, absl::StrCat(400 - details, " more failing records have no details here")));
}

TEST(HtmlReportTest, LinksTheFilesBesideIt) {
  const std::string html = Render(SampleRecords());
  for (const char* file : {"records.jsonl", "summary.md", "summary.json", "junit.xml"})
    EXPECT_TRUE(Contains(html, absl::StrCat("<a href=\"", file, "\">"))) << file;
}

TEST(HtmlHexViewTest, AHugeImageCostsOnlyTheRowsAroundItsDifferences) {
  std::string ref(2 << 20, '\x11');
  std::string cand = ref;
  cand[1 << 20] = '\x12';
  const std::string html = RenderHexView(ref, cand, {});
  EXPECT_LT(html.size(), 2000u);
  EXPECT_EQ(Count(html, "<span class=\"diff\">"), 2);  // the byte, once per side
  EXPECT_TRUE(Contains(html, "<td class=\"off\">00100000</td>"));
  EXPECT_TRUE(Contains(html, "rows not shown"));
}

TEST(HtmlHexViewTest, CapsRowsWithDifferences) {
  std::string ref(200 * 16, '\x00');
  std::string cand(200 * 16, '\x01');
  HexViewOptions options;
  options.max_rows = 10;
  const std::string html = RenderHexView(ref, cand, {}, options);
  EXPECT_EQ(Count(html, "<td class=\"off\">"), 10);
  EXPECT_TRUE(Contains(html, "190 more rows with differences left out")) << html;
}

TEST(HtmlHexViewTest, BytesOnOneSideOnlyAreMarked) {
  const std::string html = RenderHexView("\x01\x02\x03", "\x01\x02", {});
  EXPECT_TRUE(Contains(html, "01 02 <span class=\"diff\">03</span>")) << html;
  EXPECT_TRUE(Contains(html, "candidate (2 bytes)"));
}

TEST(HtmlReportTest, AnEmptyRunSaysNothingDiffers) {
  const std::string html = Render({});
  EXPECT_TRUE(Contains(html, "<span class=\"gate pass\">PASS</span>"));
  EXPECT_EQ(Count(html, "<tr data-verdict=\""), 0);
  EXPECT_TRUE(Contains(html, "<p>No record fails.</p>"));
}

}  // namespace
}  // namespace dsconform
