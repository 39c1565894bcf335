#include "harness/gate/gate_analysis.h"

#include <gtest/gtest.h>

namespace dsconform {
namespace {

constexpr char kBase[] = "cpp@base";
constexpr char kHead[] = "cpp@head";
constexpr char kJava[] = "java@9.1.0";

Record Rec(const std::string& reference, const std::string& candidate, const std::string& writer = "") {
  Record r;
  r.case_id = "hll/sketch/lgk=12/n=3";
  r.family = "hll";
  r.reference = reference;
  r.candidate = candidate;
  r.writer = writer;
  return r;
}

Record& Differ(Record& r, const std::string& field, Value reference, Value candidate) {
  FieldDiff d;
  d.field = field;
  d.reference = std::move(reference);
  d.candidate = std::move(candidate);
  r.diffs.push_back(std::move(d));
  r.verdict = Verdict::kDiffers;
  return r;
}

GateResult Analyze(const std::vector<Record>& records) {
  GateAnalyzer a(kBase, kHead);
  a.AddCase(records);
  return a.result();
}

int64_t Count(const GateResult& r, GateChangeKind kind) {
  auto it = r.tallies.find(kind);
  return it == r.tallies.end() ? 0 : it->second.changes;
}

TEST(GateAnalysisTest, NothingChangesWhenHeadIsBase) {
  Record java = Rec(kBase, kJava);
  Differ(java, "a.estimate", Value::Double(1.0), Value::Double(2.0));
  const GateResult r = Analyze({Rec(kBase, kHead), java, Rec(kBase, kBase)});
  EXPECT_FALSE(r.HeadChanges());
  EXPECT_EQ(r.unchanged_differences, 1);  // head keeps base's difference from Java
  EXPECT_EQ(r.cases, 1);
  EXPECT_EQ(r.records, 3);
}

TEST(GateAnalysisTest, HeadChangingWhatJavaAgreedWithIsANewDifference) {
  Record head = Rec(kBase, kHead);
  Differ(head, "a.compact", Value::Bytes("\x01\x02"), Value::Bytes("\x01\x03"));
  const GateResult r = Analyze({head, Rec(kBase, kJava)});
  ASSERT_TRUE(r.HeadChanges());
  EXPECT_EQ(Count(r, GateChangeKind::kHeadDiffers), 1);
  EXPECT_EQ(Count(r, GateChangeKind::kNewDifference), 1);
  EXPECT_EQ(Count(r, GateChangeKind::kGoneDifference), 0);
  ASSERT_EQ(r.listed.size(), 2u);
  const GateChange& fresh = r.listed[1];
  EXPECT_EQ(fresh.kind, GateChangeKind::kNewDifference);
  EXPECT_EQ(fresh.other, kJava);
  EXPECT_EQ(fresh.field, "a.compact");
  EXPECT_EQ(fresh.other_value->bytes, "\x01\x02");  // Java had base's bytes
  EXPECT_EQ(fresh.head->bytes, "\x01\x03");
  EXPECT_EQ(r.tallies.at(GateChangeKind::kNewDifference).by_family.at("hll"), 1);
}

TEST(GateAnalysisTest, HeadTakingJavasValueEndsADifference) {
  Record head = Rec(kBase, kHead);
  Differ(head, "a.estimate", Value::Double(1.0), Value::Double(2.0));
  Record java = Rec(kBase, kJava);
  Differ(java, "a.estimate", Value::Double(1.0), Value::Double(2.0));
  const GateResult r = Analyze({head, java});
  EXPECT_EQ(Count(r, GateChangeKind::kHeadDiffers), 1);
  EXPECT_EQ(Count(r, GateChangeKind::kGoneDifference), 1);
  EXPECT_EQ(Count(r, GateChangeKind::kNewDifference), 0);
  EXPECT_EQ(r.unchanged_differences, 0);
}

TEST(GateAnalysisTest, HeadTakingAThirdValueKeepsTheDifference) {
  Record head = Rec(kBase, kHead);
  Differ(head, "a.estimate", Value::Double(1.0), Value::Double(3.0));
  Record java = Rec(kBase, kJava);
  Differ(java, "a.estimate", Value::Double(1.0), Value::Double(2.0));
  const GateResult r = Analyze({head, java});
  EXPECT_EQ(Count(r, GateChangeKind::kHeadDiffers), 1);
  EXPECT_EQ(Count(r, GateChangeKind::kNewDifference) + Count(r, GateChangeKind::kGoneDifference), 0);
  EXPECT_EQ(r.unchanged_differences, 1);
}

TEST(GateAnalysisTest, HeadReadingJavasImagesDifferently) {
  Record via_base = Rec(kJava, kBase, kJava);
  Record via_head = Rec(kJava, kHead, kJava);
  Differ(via_head, "a.estimate", Value::Double(5.0), Value::Double(6.0));
  const GateResult r = Analyze({Rec(kBase, kHead), Rec(kBase, kJava), via_base, via_head});
  EXPECT_EQ(Count(r, GateChangeKind::kHeadDiffers), 1);
  EXPECT_EQ(Count(r, GateChangeKind::kNewDifference), 1);
  ASSERT_FALSE(r.listed.empty());
  EXPECT_EQ(r.listed[0].writer, kJava);
  EXPECT_EQ(r.listed[0].stage, "cpp@head reads java@9.1.0's images");
  EXPECT_EQ(r.listed[0].base->AsDouble(), 5.0);  // base read what Java read
  EXPECT_EQ(r.listed[0].head->AsDouble(), 6.0);
}

TEST(GateAnalysisTest, JavaReadingHeadsImagesAsHeadDoesEndsADifference) {
  Record of_base = Rec(kBase, kJava, kBase);
  Differ(of_base, "b.estimate", Value::Double(1.0), Value::Double(1.5));
  const Record of_head = Rec(kHead, kJava, kHead);
  const GateResult r = Analyze({Rec(kBase, kHead), Rec(kBase, kJava), of_base, of_head});
  EXPECT_EQ(Count(r, GateChangeKind::kGoneDifference), 1);
  EXPECT_EQ(Count(r, GateChangeKind::kHeadDiffers), 0);
  ASSERT_EQ(r.listed.size(), 1u);
  EXPECT_EQ(r.listed[0].stage, "java@9.1.0 reads cpp@base's images");
}

TEST(GateAnalysisTest, BaseReadingHeadsImagesDifferentlyIsAChangeOfHeads) {
  Record r = Rec(kHead, kBase, kHead);
  Differ(r, "a.estimate", Value::Double(7.0), Value::Double(8.0));  // head reads 7, base reads 8
  const GateResult g = Analyze({Rec(kBase, kHead), r});
  ASSERT_EQ(Count(g, GateChangeKind::kHeadDiffers), 1);
  EXPECT_EQ(g.listed[0].head->AsDouble(), 7.0);
  EXPECT_EQ(g.listed[0].base->AsDouble(), 8.0);
}

TEST(GateAnalysisTest, HeadFailingACaseIsAChange) {
  Record head = Rec(kBase, kHead);
  head.verdict = Verdict::kError;
  head.note = "engine exited with signal 11";
  const GateResult r = Analyze({head, Rec(kBase, kJava)});
  ASSERT_EQ(Count(r, GateChangeKind::kHeadDiffers), 1);
  EXPECT_EQ(r.listed[0].field, "(case)");
  EXPECT_NE(r.listed[0].note.find("signal 11"), std::string::npos);
  EXPECT_EQ(Count(r, GateChangeKind::kNewDifference), 0);  // nothing to compare with Java's
}

TEST(GateAnalysisTest, HeadNotRunningACaseBaseRanIsAChange) {
  Record head = Rec(kBase, kHead);
  head.verdict = Verdict::kUnsupported;
  head.note = "cpp@head: no step of this case is supported by this engine";
  const GateResult r = Analyze({head, Rec(kBase, kJava)});  // base ran it with Java
  EXPECT_EQ(Count(r, GateChangeKind::kHeadDiffers), 1);
}

TEST(GateAnalysisTest, ACaseNeitherRevisionRunsIsNoChange) {
  Record head = Rec(kBase, kHead);
  head.verdict = Verdict::kUnsupported;
  Record java = Rec(kBase, kJava);
  java.verdict = Verdict::kUnsupported;
  EXPECT_FALSE(Analyze({head, java}).HeadChanges());
  EXPECT_FALSE(Analyze({head}).HeadChanges());
}

TEST(GateAnalysisTest, ListsOnlyTheFirstChangesOfAKindButCountsAll) {
  GateAnalyzer a(kBase, kHead, /*max_listed=*/2);
  for (int i = 0; i < 5; ++i) {
    Record head = Rec(kBase, kHead);
    Differ(head, "a.estimate", Value::Double(i), Value::Double(i + 0.5));
    a.AddCase({head});
  }
  EXPECT_EQ(a.result().tallies.at(GateChangeKind::kHeadDiffers).changes, 5);
  EXPECT_EQ(a.result().listed.size(), 2u);
}

}  // namespace
}  // namespace dsconform
