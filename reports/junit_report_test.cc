#include "reports/junit_report.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "reports/markup_escape.h"
#include "reports/sample_records.h"

namespace dsconform {
namespace {

int Count(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// junit.xml as JunitWriter writes it from `records`, read back.
std::string RenderJunitReport(const RunInfo& info, const std::vector<Record>& records) {
  // One file per test: ctest runs the tests of this file side by side, each in its own process.
  const std::string path = ::testing::TempDir() + "/junit_render_" +
                           ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".xml";
  EXPECT_TRUE(WriteJunitReport(path, info, records).ok());
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A small well-formedness check, enough for what JunitWriter emits:
// tags balance, attribute values are quoted and hold no '<', every '&'
// starts an entity, and no character XML 1.0 forbids appears. Returns "" or
// what is wrong.
std::string XmlProblem(const std::string& xml) {
  if (VisibleText(xml, /*keep_newlines=*/true) != xml) return "a character XML 1.0 forbids";
  static const std::regex kEntity("^&(amp|lt|gt|quot|apos|#[0-9]+);");
  std::vector<std::string> open;
  int roots = 0;
  for (size_t i = 0; i < xml.size();) {
    if (xml[i] == '&') {
      std::smatch m;
      const std::string rest = xml.substr(i, 12);
      if (!std::regex_search(rest, m, kEntity)) return absl::StrCat("bare & at ", i);
      i += m.length(0);
      continue;
    }
    if (xml[i] == '>') return absl::StrCat("stray > at ", i);
    if (xml[i] != '<') {
      ++i;
      continue;
    }
    if (xml.compare(i, 2, "<?") == 0) {
      i = xml.find("?>", i) + 2;
      continue;
    }
    const bool closing = xml.compare(i, 2, "</") == 0;
    size_t j = i + (closing ? 2 : 1);
    const size_t name_end = xml.find_first_of(" />\n", j);
    const std::string name = xml.substr(j, name_end - j);
    if (name.empty()) return absl::StrCat("empty tag name at ", i);
    j = name_end;
    char quote = 0;
    for (; j < xml.size(); ++j) {
      if (quote) {
        if (xml[j] == '<') return absl::StrCat("< in an attribute at ", j);
        if (xml[j] == quote) quote = 0;
      } else if (xml[j] == '"' || xml[j] == '\'') {
        quote = xml[j];
      } else if (xml[j] == '>') {
        break;
      }
    }
    if (j == xml.size()) return absl::StrCat("unterminated tag ", name);
    const bool self_closing = xml[j - 1] == '/';
    if (closing) {
      if (open.empty() || open.back() != name) return absl::StrCat("</", name, "> closes nothing open");
      open.pop_back();
    } else if (!self_closing) {
      if (open.empty()) ++roots;
      open.push_back(name);
    }
    i = j + 1;
  }
  if (!open.empty()) return absl::StrCat("<", open.back(), "> never closed");
  if (roots != 1) return absl::StrCat(roots, " root elements");
  return "";
}

TEST(JunitReportTest, CountsFailuresSkipsAndTestsPerRunAndSuite) {
  const std::string xml = RenderJunitReport(SampleRunInfo(), SampleRecords());
  EXPECT_NE(xml.find("<testsuites name=\"dsconform\" tests=\"9\" failures=\"5\" errors=\"0\" skipped=\"1\">"),
            std::string::npos)
      << xml;
  EXPECT_EQ(Count(xml, "<testsuite "), 4);
  EXPECT_EQ(Count(xml, "<testcase "), 9);
  EXPECT_EQ(Count(xml, "<failure "), 5);
  EXPECT_EQ(Count(xml, "<skipped "), 1);
  EXPECT_NE(xml.find("<testsuite name=\"hll.unions\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">"),
            std::string::npos)
      << xml;
}

TEST(JunitReportTest, TestcaseNamesTheCandidateAndTheWriter) {
  const std::string xml = RenderJunitReport(SampleRunInfo(), SampleRecords());
  EXPECT_NE(xml.find("<testcase classname=\"hll.cross_heapify\" "
                     "name=\"hll/cross_heapify/lgk=12/type=HLL_4/n=3072 [cpp@5.2.0 from java@9.0.0]\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testcase classname=\"hll.matrix\" name=\"hll/sketch/lgk=12/type=HLL_4/n=1000 [cpp@5.2.0]\"/>"),
            std::string::npos)
      << xml;
}

TEST(JunitReportTest, FailureMessageIsTheFirstDifferenceAndTheBodyHasThemAll) {
  const std::string xml = RenderJunitReport(SampleRunInfo(), SampleRecords());
  const size_t at = xml.find("<failure type=\"differs\" message=\"a.compact: 64 bytes ");
  ASSERT_NE(at, std::string::npos) << xml;
  const std::string failure = xml.substr(at, xml.find("</failure>", at) - at);
  EXPECT_NE(failure.find("\n  hipAccum: 131328.0 vs 0.0\n  register[3]: 5 vs 6\n"), std::string::npos) << failure;
  EXPECT_NE(failure.find("\na.estimate: 3072.125 (0x40a8004000000000) vs 3071.875 (0x40a7ffc000000000)\n"),
            std::string::npos)
      << failure;
  EXPECT_NE(failure.find("repro: dsconform repro --engines java@9.0.0,cpp@5.2.0 'hll/sketch/lgk=12/type=HLL_4/n=3072'"),
            std::string::npos)
      << failure;
}

// A known record names its rule and its fields; the values stay in records.jsonl.
TEST(JunitReportTest, KnownDifferencePassesWithANoteNamingItsFields) {
  const std::string xml = RenderJunitReport(SampleRunInfo(), SampleRecords());
  const size_t at = xml.find("name=\"hll/union/lgk=10/order=reversed/n=5000 [cpp@5.2.0]\"");
  ASSERT_NE(at, std::string::npos);
  const std::string testcase = xml.substr(at, xml.find("</testcase>", at) - at);
  EXPECT_EQ(testcase.find("<failure"), std::string::npos) << testcase;
  EXPECT_NE(testcase.find("<system-out>known difference: C++ union keeps curMin of its gadget "
                          "(https://github.com/apache/datasketches-cpp/issues/401)\n1 field differs: "
                          "u.result.compact (values in the records file)\n</system-out>"),
            std::string::npos)
      << testcase;
}

TEST(JunitReportTest, EscapesUntrustedTextAndShowsControlBytes) {
  const std::string xml = RenderJunitReport(SampleRunInfo(), SampleRecords());
  EXPECT_NE(xml.find("message=\"java@9.0.0 threw SketchesArgumentException: lgConfigK must be &gt;= 4 &amp;&amp; "
                     "&lt;= 21: &lt;3&gt; &amp; &quot;quoted&quot;\""),
            std::string::npos)
      << xml;
  EXPECT_EQ(xml.find("<3>"), std::string::npos);
  EXPECT_NE(xml.find("name=\"hll/strings/alphabet=naïve-日本語/n=100 [cpp@5.2.0]\""), std::string::npos);
  EXPECT_NE(xml.find("lgK: 12 &lt;ü&gt; \\x01 \\xff"), std::string::npos) << xml;
}

TEST(JunitReportTest, IsWellFormedXml) {
  const std::string xml = RenderJunitReport(SampleRunInfo(), SampleRecords());
  EXPECT_EQ(XmlProblem(xml), "");
  // The checker itself catches what it should.
  EXPECT_NE(XmlProblem("<a><b></a></b>"), "");
  EXPECT_NE(XmlProblem("<a>x & y</a>"), "");
  EXPECT_NE(XmlProblem("<a t=\"<\"/>"), "");
  EXPECT_NE(XmlProblem("<a>\x01</a>"), "");
}

TEST(JunitReportTest, XmllintAcceptsIt) {
  if (std::system("command -v xmllint >/dev/null 2>&1") != 0) GTEST_SKIP() << "xmllint not installed";
  const std::string path = ::testing::TempDir() + "/junit_xmllint.xml";
  ASSERT_TRUE(WriteJunitReport(path, SampleRunInfo(), SampleRecords()).ok());
  EXPECT_EQ(std::system(("xmllint --noout '" + path + "'").c_str()), 0);
}

// Records of two suites interleaved, as cases of a run may be: each suite's test cases together,
// in the order they came, and no part file left beside the report.
TEST(JunitReportTest, GathersEachSuiteFromInterleavedRecordsAndLeavesNoPartFiles) {
  const std::string dir = ::testing::TempDir() + "/junit_interleaved";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto writer = std::make_unique<JunitWriter>(dir + "/junit.xml", SampleRunInfo());
  for (int i = 0; i < 6; ++i) {
    Record r;
    r.index = i;
    r.suite = i % 2 ? "b.suite" : "a.suite";
    r.case_id = absl::StrCat("case", i);
    r.candidate = "cpp@5.2.0";
    r.verdict = i == 3 ? Verdict::kDiffers : Verdict::kEqual;
    ASSERT_TRUE(writer->Add(r).ok());
  }
  ASSERT_TRUE(writer->Close().ok());
  writer.reset();  // the part files go with it
  std::ifstream in(dir + "/junit.xml", std::ios::binary);
  const std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(XmlProblem(xml), "");
  const size_t a = xml.find("<testsuite name=\"a.suite\" tests=\"3\" failures=\"0\"");
  const size_t b = xml.find("<testsuite name=\"b.suite\" tests=\"3\" failures=\"1\"");
  ASSERT_NE(a, std::string::npos) << xml;
  ASSERT_NE(b, std::string::npos) << xml;
  size_t last = a;
  for (const char* name : {"case0", "case2", "case4"}) {
    const size_t at = xml.find(absl::StrCat("name=\"", name, " "));
    EXPECT_GT(at, last) << name;
    EXPECT_LT(at, b) << name;
    last = at;
  }
  for (const char* name : {"case1", "case3", "case5"}) EXPECT_GT(xml.find(absl::StrCat("name=\"", name, " ")), b);
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files.push_back(e.path().filename().string());
  EXPECT_EQ(files, std::vector<std::string>{"junit.xml"});
}

TEST(JunitReportTest, AnEmptyRunIsStillWellFormed) {
  const std::string xml = RenderJunitReport(SampleRunInfo(), {});
  EXPECT_NE(xml.find("<testsuites name=\"dsconform\" tests=\"0\" failures=\"0\""), std::string::npos) << xml;
  EXPECT_EQ(XmlProblem(xml), "");
}

}  // namespace
}  // namespace dsconform
