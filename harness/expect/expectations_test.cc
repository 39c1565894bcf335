#include "harness/expect/expectations.h"

#include <cstdio>
#include <fstream>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

// Named after the test and a counter: ctest runs each test in its own process,
// in parallel, so a random name from an unseeded rand() would collide.
std::string WriteTemp(const std::string& text) {
  static int counter = 0;
  std::string path = ::testing::TempDir() + "/expectations_" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" +
                     std::to_string(counter++) + ".jsonl";
  std::ofstream(path) << text;
  return path;
}

Record DiffRecord(const std::string& id, std::vector<std::string> fields) {
  Record r;
  r.case_id = id;
  r.reference = "java@9.1.0";
  r.candidate = "cpp@5.2.0";
  for (auto& f : fields) {
    FieldDiff d;
    d.field = f;
    r.diffs.push_back(d);
  }
  r.verdict = r.diffs.empty() ? Verdict::kEqual : Verdict::kDiffers;
  return r;
}

TEST(Glob, MatchesStarsAcrossSlashes) {
  EXPECT_TRUE(GlobMatch("hll/union/*", "hll/union/s=1/inputs=3/lgmaxk=12"));
  EXPECT_TRUE(GlobMatch("*.compact", "u0_HLL_4.compact"));
  EXPECT_TRUE(GlobMatch("cpp@?.*", "cpp@5.2.0"));
  EXPECT_FALSE(GlobMatch("*.compact", "u0_HLL_4.updatable"));
}

const char* kFile =
    "# known differences\n"
    "\n"
    R"({"case": "hll/union/*", "candidate": "cpp@*", "field": "*.compact", "reason": "aux order", "link": "https://example.invalid/1"})"
    "\n";

// The index by case prefix must find entries whose case pattern has a wildcard early, and keep
// file order: the first matching line gives the reason.
TEST(Expectations, WildcardsInTheFirstSegmentsAndFileOrderSurviveTheIndex) {
  auto set = LoadExpectations(WriteTemp(
      R"({"case": "hll/union/s=1*", "field": "u0.lb1", "reason": "first"})" "\n"
      R"({"case": "*/union/*", "field": "u1.*", "reason": "second"})" "\n"
      R"({"case": "hll/sketch/*", "field": "*", "reason": "other suite"})" "\n"
      R"({"case": "h?l/union/*", "field": "u0.*", "reason": "third"})" "\n"));
  ASSERT_TRUE(set.ok()) << set.status();
  Record r = DiffRecord("hll/union/s=1", {"u0.lb1", "u1.compact", "u0.ub1"});
  ApplyExpectations(*set, r);
  EXPECT_EQ(r.verdict, Verdict::kKnown);
  EXPECT_EQ(r.expectation_reason, "first");
  for (const auto& d : r.diffs) EXPECT_TRUE(d.known) << d.field;
  // A case with one segment has no prefix: only the wildcard entries can apply.
  Record flat = DiffRecord("flat", {"x"});
  ApplyExpectations(*set, flat);
  EXPECT_EQ(flat.verdict, Verdict::kDiffers);
}

TEST(Expectations, KnownDifferenceDoesNotFail) {
  auto set = LoadExpectations(WriteTemp(kFile));
  ASSERT_TRUE(set.ok()) << set.status();
  ASSERT_EQ(set->entries.size(), 1u);
  EXPECT_EQ(set->entries[0].line, 3);
  Record r = DiffRecord("hll/union/s=1", {"u0.compact"});
  ApplyExpectations(*set, r);
  EXPECT_EQ(r.verdict, Verdict::kKnown);
  EXPECT_TRUE(r.diffs[0].known);
  EXPECT_EQ(r.expectation_reason, "aux order");
  EXPECT_FALSE(VerdictFails(r.verdict));
}

TEST(Expectations, UncoveredDifferenceStillFails) {
  auto set = LoadExpectations(WriteTemp(kFile));
  Record r = DiffRecord("hll/union/s=1", {"u0.compact", "u0.estimate"});
  ApplyExpectations(*set, r);
  EXPECT_EQ(r.verdict, Verdict::kDiffers);
}

TEST(Expectations, StaleEntryMakesTheRecordUnexpectedlyEqual) {
  auto set = LoadExpectations(WriteTemp(kFile));
  Record r = DiffRecord("hll/union/s=2", {});
  ApplyExpectations(*set, r);
  EXPECT_EQ(r.verdict, Verdict::kUnexpectedlyEqual);
  EXPECT_TRUE(VerdictFails(r.verdict));
  EXPECT_NE(r.note.find("line 3"), std::string::npos);
  // Not applicable to other cases or engine pairs.
  Record other = DiffRecord("hll/sketch/lgk=4", {});
  ApplyExpectations(*set, other);
  EXPECT_EQ(other.verdict, Verdict::kEqual);
}

TEST(Expectations, AnEmptyWriterMeansTheFirstStageOnly) {
  auto set = LoadExpectations(WriteTemp(
      R"({"case": "hll/cross/*", "writer": "", "field": "a.compact", "reason": "first stage only"})" "\n"));
  ASSERT_TRUE(set.ok()) << set.status();
  Record first = DiffRecord("hll/cross/1", {"a.compact"});
  ApplyExpectations(*set, first);
  EXPECT_EQ(first.verdict, Verdict::kKnown);
  Record cross = DiffRecord("hll/cross/1", {"a.compact"});
  cross.writer = "java@9.1.0";
  ApplyExpectations(*set, cross);
  EXPECT_EQ(cross.verdict, Verdict::kDiffers);
}

FieldDiff ImageDiff(const std::string& field, std::vector<std::string> decoded) {
  FieldDiff d;
  d.field = field;
  for (auto& name : decoded) d.decoded.push_back({name, "1", "2", 0, 1});
  return d;
}

FieldDiff DoubleDiff(const std::string& field, double reference, uint64_t ulps_up) {
  FieldDiff d;
  d.field = field;
  d.reference = Value::Double(reference);
  d.candidate = Value::DoubleBits(d.reference.bits + ulps_up);
  return d;
}

// A pattern covers only differences of its shape: decoded fields all named, doubles close enough.
TEST(Expectations, APatternCoversOnlyDifferencesOfItsShape) {
  auto set = LoadExpectations(WriteTemp(
      R"({"case": "theta/*", "field": "*.compact", "decoded": ["entry[*]"], "every_record": false, "reason": "order"})" "\n"
      R"({"case": "theta/*", "field": "*.estimate", "max_ulps": 1, "every_record": false, "reason": "last bit"})" "\n"));
  ASSERT_TRUE(set.ok()) << set.status();
  Record r = DiffRecord("theta/sketch/1", {});
  r.diffs = {ImageDiff("a.compact", {"entry[3]", "entry[4]"}), DoubleDiff("a.estimate", 92.5, 1)};
  r.verdict = Verdict::kDiffers;
  ApplyExpectations(*set, r);
  EXPECT_EQ(r.verdict, Verdict::kKnown);

  // Another decoded field in the same image, an image difference nothing decoded, two ulps,
  // doubles of opposite sign: each stays a difference.
  for (const FieldDiff& d : {ImageDiff("a.compact", {"entry[3]", "seedHash"}), ImageDiff("a.compact", {}),
                             DoubleDiff("a.estimate", 92.5, 2), DoubleDiff("a.estimate", 0.0, uint64_t{1} << 63)}) {
    Record other = DiffRecord("theta/sketch/1", {});
    other.diffs = {d};
    other.verdict = Verdict::kDiffers;
    ApplyExpectations(*set, other);
    EXPECT_EQ(other.verdict, Verdict::kDiffers) << d.field << " " << d.decoded.size();
  }
}

// A pattern does not claim that each record it applies to differs; a run lists the patterns that
// applied and covered nothing.
TEST(Expectations, APatternIsNeverUnexpectedlyEqualButAnIdleOneIsListed) {
  auto set = LoadExpectations(WriteTemp(
      R"({"case": "theta/*", "field": "*.estimate", "max_ulps": 1, "every_record": false, "reason": "last bit"})" "\n"
      R"({"case": "theta/*", "field": "*.compact", "decoded": ["seedHash"], "every_record": false, "reason": "seed hash"})" "\n"
      R"({"case": "kll/*", "field": "*", "every_record": false, "reason": "not run"})" "\n"));
  ASSERT_TRUE(set.ok()) << set.status();
  Record equal = DiffRecord("theta/sketch/1", {});
  ApplyExpectations(*set, equal);
  EXPECT_EQ(equal.verdict, Verdict::kEqual);
  Record differs = DiffRecord("theta/sketch/2", {});
  differs.diffs = {DoubleDiff("a.estimate", 3.0, 1)};
  ApplyExpectations(*set, differs);
  EXPECT_EQ(differs.verdict, Verdict::kKnown);

  const std::vector<Record> run = {equal, differs};
  const auto idle = IdlePatterns(*set, run);
  ASSERT_EQ(idle.size(), 1u);
  EXPECT_EQ(idle[0].entry->line, 2);
  EXPECT_EQ(idle[0].records, 2);
}

TEST(Expectations, RejudgingForgetsTheOldVerdict) {
  auto set = LoadExpectations(WriteTemp(kFile));
  ASSERT_TRUE(set.ok()) << set.status();
  Record stale = DiffRecord("hll/union/s=1", {});
  ApplyExpectations(*set, stale);
  ASSERT_EQ(stale.verdict, Verdict::kUnexpectedlyEqual);
  auto empty = LoadExpectations(WriteTemp("# nothing known\n"));
  ASSERT_TRUE(empty.ok()) << empty.status();
  RejudgeRecord(*empty, stale);
  EXPECT_EQ(stale.verdict, Verdict::kEqual);
  EXPECT_TRUE(stale.note.empty());
  EXPECT_TRUE(stale.expectation_reason.empty());

  Record known = DiffRecord("hll/union/s=1", {"u0.compact"});
  ApplyExpectations(*set, known);
  ASSERT_EQ(known.verdict, Verdict::kKnown);
  RejudgeRecord(*empty, known);
  EXPECT_EQ(known.verdict, Verdict::kDiffers);
  EXPECT_FALSE(known.diffs[0].known);
}

TEST(Expectations, MalformedLinesNameFileAndLine) {
  const std::string path = WriteTemp("# c\n{\"case\": \"x\", \"reason\": \"r\"}\n{\"case\": \"x\"}\n");
  auto set = LoadExpectations(path);
  ASSERT_FALSE(set.ok());
  EXPECT_EQ(set.status().message(), path + ":3: reason: missing");
  auto bad_json = LoadExpectations(WriteTemp("{oops\n"));
  EXPECT_NE(bad_json.status().message().find(":1: not JSON"), std::string::npos);
  auto typo = LoadExpectations(WriteTemp("{\"case\": \"x\", \"reason\": \"r\", \"feild\": \"a\"}\n"));
  EXPECT_NE(typo.status().message().find("feild: unknown field"), std::string::npos);
  EXPECT_FALSE(LoadExpectations("/nonexistent/x.jsonl").ok());
  auto ulps = LoadExpectations(WriteTemp("{\"case\": \"x\", \"reason\": \"r\", \"max_ulps\": -1}\n"));
  EXPECT_NE(ulps.status().message().find(":1: max_ulps: must be 0 or more"), std::string::npos) << ulps.status();
  auto every = LoadExpectations(WriteTemp("{\"case\": \"x\", \"reason\": \"r\", \"every_record\": \"no\"}\n"));
  EXPECT_NE(every.status().message().find(":1: every_record: expected true or false, got string"), std::string::npos)
      << every.status();
  auto decoded = LoadExpectations(WriteTemp("{\"case\": \"x\", \"reason\": \"r\", \"decoded\": \"entry\"}\n"));
  EXPECT_NE(decoded.status().message().find(":1: decoded"), std::string::npos) << decoded.status();
}

TEST(Expectations, RewriteKeepsLiveReasonsDropsStaleAndAddsNew) {
  auto set = LoadExpectations(WriteTemp(std::string(kFile) +
                                        R"({"case": "hll/gone/*", "field": "*", "reason": "fixed upstream"})" "\n" +
                                        R"({"case": "kll/*", "reason": "not run today"})" "\n"));
  ASSERT_TRUE(set.ok()) << set.status();
  std::vector<Record> records = {DiffRecord("hll/union/s=1", {"u0.compact"}), DiffRecord("hll/gone/1", {}),
                                 DiffRecord("hll/new/1", {"a.estimate"})};
  const std::string text = RewriteExpectations(*set, records);
  EXPECT_NE(text.find("\"reason\":\"aux order\""), std::string::npos);
  EXPECT_EQ(text.find("fixed upstream"), std::string::npos);
  EXPECT_NE(text.find("not run today"), std::string::npos);
  EXPECT_NE(text.find("{\"case\":\"hll/new/1\",\"reference\":\"java@9.1.0\",\"candidate\":\"cpp@5.2.0\",\"writer\":\"\",\"field\":\"a.estimate\""),
            std::string::npos);
  // The rewritten file loads, and with it the run passes.
  auto again = LoadExpectations(WriteTemp(text));
  ASSERT_TRUE(again.ok()) << again.status();
  for (Record r : records) {
    ApplyExpectations(*again, r);
    EXPECT_FALSE(VerdictFails(r.verdict)) << r.case_id;
  }
}

TEST(Expectations, RewriteKeepsAPatternWithItsShapeAndListsWhatItDoesNotCover) {
  const std::string pattern =
      R"({"case":"theta/*","reference":"*","candidate":"*","field":"*.estimate","max_ulps":1,"every_record":false,"reason":"last bit","link":""})";
  auto set = LoadExpectations(WriteTemp(pattern + "\n"));
  ASSERT_TRUE(set.ok()) << set.status();
  Record near = DiffRecord("theta/sketch/1", {});
  near.diffs = {DoubleDiff("a.estimate", 5.0, 1)};
  Record far = DiffRecord("theta/sketch/2", {});
  far.diffs = {DoubleDiff("a.estimate", 5.0, 3)};
  const std::string text = RewriteExpectations(*set, {near, far});
  EXPECT_NE(text.find(pattern + "\n"), std::string::npos) << text;
  // A run where it covers nothing keeps it too.
  Record equal = DiffRecord("theta/sketch/3", {});
  EXPECT_NE(RewriteExpectations(*set, {equal}).find(pattern + "\n"), std::string::npos);
  EXPECT_NE(text.find(R"({"case":"theta/sketch/2",)"), std::string::npos) << text;
  EXPECT_EQ(text.find(R"({"case":"theta/sketch/1",)"), std::string::npos) << text;
}

}  // namespace
}  // namespace dsconform
