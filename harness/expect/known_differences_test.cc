#include "harness/expect/known_differences.h"

#include <filesystem>
#include <fstream>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

// Named after the test: ctest runs each test in its own process, in parallel.
std::string TempDir() {
  static int counter = 0;
  const std::string dir = ::testing::TempDir() + "/known_differences_" +
                          ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" +
                          std::to_string(counter++);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

KnownDifferences Load(const std::string& lines) {
  const std::string dir = TempDir();
  std::ofstream(dir + "/known_differences.jsonl") << lines;
  auto known = LoadKnownDifferences({dir});
  EXPECT_TRUE(known.ok()) << known.status();
  return known.ok() ? *known : KnownDifferences();
}

FieldDiff Image(const std::string& field, std::vector<std::string> decoded) {
  FieldDiff d;
  d.field = field;
  d.reference = Value::Bytes("\x05\x01\x0f\x00");
  d.candidate = Value::Bytes("\x05\x01\x0f\x02");
  for (auto& x : decoded) d.decoded.push_back({x, "0", "1", 3, 1});
  return d;
}

FieldDiff Doubles(const std::string& field, double a, double b) {
  FieldDiff d;
  d.field = field;
  d.reference = Value::Double(a);
  d.candidate = Value::Double(b);
  return d;
}

FieldDiff Missing(const std::string& field, bool in_candidate) {
  FieldDiff d;
  d.field = field;
  (in_candidate ? d.missing_in_candidate : d.missing_in_reference) = true;
  (in_candidate ? d.reference : d.candidate) = Value::Double(1);
  return d;
}

Record Compared(const std::string& case_id, const std::string& reference, const std::string& candidate,
                std::vector<FieldDiff> diffs, const std::string& writer = "") {
  Record r;
  r.case_id = case_id;
  r.family = case_id.substr(0, case_id.find('/'));
  r.suite = r.family + ".exact";
  r.reference = reference;
  r.candidate = candidate;
  r.writer = writer;
  r.diffs = std::move(diffs);
  r.verdict = r.diffs.empty() ? Verdict::kEqual : Verdict::kDiffers;
  return r;
}

constexpr const char* kK1 =
    R"({"finding": "K1", "doc": "docs/findings-kll.md#k1", "family": "kll", "where": "item = string",)"
    R"( "engines": ["java*@>=9.1", "cpp|python"], "fields": "*.compact", "decoded": ["flags*", "item[*]"],)"
    R"( "reason": "a query sorts level 0 in C++ only"})"
    "\n";

Verdict Judge(const KnownDifferences& known, Record r) {
  ApplyKnownDifferences(known, r);
  return r.verdict;
}

TEST(KnownDifferences, CoverTheirShapeAndNothingElseInTheSameField) {
  const KnownDifferences known = Load(kK1);
  const std::string id = "kll/exact/item=string/k=8/n=8/order=shuffled";
  Record r = Compared(id, "java@9.1.0", "cpp@5.2.0", {Image("merged.compact", {"flags", "flags.LEVEL_ZERO_SORTED", "item[0]"})});
  ApplyKnownDifferences(known, r);
  EXPECT_EQ(r.verdict, Verdict::kKnown);
  EXPECT_EQ(r.expectation_reason, "K1: a query sorts level 0 in C++ only (docs/findings-kll.md#k1)");
  EXPECT_EQ(r.expectation_findings, std::vector<std::string>{"K1"});
  // Another kind of difference in a covered field: the number of levels.
  EXPECT_EQ(Judge(known, Compared(id, "java@9.1.0", "cpp@5.2.0", {Image("merged.compact", {"flags", "numLevels"})})),
            Verdict::kDiffers);
  // The shape covered, but another field differs too.
  EXPECT_EQ(Judge(known, Compared(id, "java@9.1.0", "cpp@5.2.0",
                                  {Image("merged.compact", {"flags"}), Doubles("merged.ranks[0]", 0.5, 0.25)})),
            Verdict::kDiffers);
  // Another case parameter: the rule does not apply to doubles.
  EXPECT_EQ(Judge(known, Compared("kll/exact/item=double/k=8/n=8/order=shuffled", "java@9.1.0", "cpp@5.2.0",
                                  {Image("merged.compact", {"flags"})})),
            Verdict::kDiffers);
}

TEST(KnownDifferences, AnImageDifferenceMayBeExplainedFieldByFieldBySeveralFindings) {
  const std::string rules =
      R"({"finding": "R1", "doc": "d", "family": "hll", "engines": ["rust*", "*"], "fields": "*.compact",)"
      R"( "decoded": ["flags", "flags.COMPACT"], "reason": "compact flag"})" "\n"
      R"({"finding": "FZ43", "doc": "d", "family": "hll", "engines": ["rust*", "java*"], "fields": "*.compact",)"
      R"( "decoded": "hipAccum", "reason": "out of order"})" "\n";
  const std::string id = "fuzz/hll/union/s=5/inputs=4/lgmaxk=4/u0_HLL_6.compact/hipAccum+1";
  const FieldDiff image = Image("heapify.compact", {"flags", "flags.COMPACT", "hipAccum"});
  Record r = Compared(id, "java@9.1.0", "rust@0.6.0", {image});
  r.family = "hll";
  ApplyKnownDifferences(Load(rules), r);
  EXPECT_EQ(r.verdict, Verdict::kKnown);
  EXPECT_EQ(r.expectation_findings, (std::vector<std::string>{"R1", "FZ43"}));
  // One finding alone leaves the other's decoded field unexplained.
  Record one = Compared(id, "java@9.1.0", "rust@0.6.0", {image});
  one.family = "hll";
  ApplyKnownDifferences(Load(rules.substr(0, rules.find('\n') + 1)), one);
  EXPECT_EQ(one.verdict, Verdict::kDiffers);
  // A part explains decoded fields only where the rest of its shape holds: another field name.
  Record other = Compared(id, "java@9.1.0", "rust@0.6.0", {Image("heapify.updatable", {"flags", "hipAccum"})});
  other.family = "hll";
  ApplyKnownDifferences(Load(rules), other);
  EXPECT_EQ(other.verdict, Verdict::kDiffers);
}

TEST(KnownDifferences, EnginesAreKindsAndVersionRangesInEitherOrientation) {
  const KnownDifferences known = Load(kK1);
  const std::string id = "kll/exact/item=string/k=8/n=8/order=shuffled";
  const FieldDiff d = Image("merged.compact", {"flags", "item[3]"});
  // --reference swaps the sides; another build of the kind and a later release need no new rule.
  for (auto [ref, cand] : std::vector<std::pair<const char*, const char*>>{{"cpp@5.2.0", "java@9.1.0"},
                                                                           {"java@9.1.0", "cpp@master"},
                                                                           {"python@5.2.0", "java-direct@9.2.0"},
                                                                           {"java@10.0.0", "cpp@5.2.0+corpus"}})
    EXPECT_EQ(Judge(known, Compared(id, ref, cand, {d})), Verdict::kKnown) << ref << " " << cand;
  // Outside the version range (K2 is another finding), and between two engines of one library.
  EXPECT_EQ(Judge(known, Compared(id, "java@9.0.0", "cpp@5.2.0", {d})), Verdict::kDiffers);
  EXPECT_EQ(Judge(known, Compared(id, "java@9.1.0", "java-direct@9.1.0", {d})), Verdict::kDiffers);
  EXPECT_EQ(Judge(known, Compared(id, "cpp@5.2.0", "python@5.2.0", {d})), Verdict::kDiffers);
}

TEST(KnownDifferences, StagesAndWriters) {
  const KnownDifferences known = Load(
      R"({"finding": "K3", "doc": "d", "family": "kll", "stage": "cross", "writer": "java*",)"
      R"( "engines": ["java*", "cpp"], "fields": "*.quantiles[*]", "reason": "min and max put back"})" "\n");
  const std::string id = "kll/cross/item=double/k=8/n=25/order=shuffled";
  const FieldDiff d = Doubles("r.quantiles[0]", 0, 0.25);
  EXPECT_EQ(Judge(known, Compared(id, "java@9.1.0", "cpp@5.2.0", {d}, "java@9.1.0")), Verdict::kKnown);
  EXPECT_EQ(Judge(known, Compared(id, "cpp@5.2.0", "java@9.1.0", {d}, "cpp@5.2.0")), Verdict::kDiffers);
  EXPECT_EQ(Judge(known, Compared(id, "java@9.1.0", "cpp@5.2.0", {d})), Verdict::kDiffers);  // first stage
}

TEST(KnownDifferences, AThrowCoversWhatItCutShortOnItsSide) {
  const KnownDifferences known = Load(
      R"({"finding": "CPC-F8", "doc": "d", "family": "cpc", "engines": ["java*", "cpp|python"], "value": "error",)"
      R"( "message": "*pseudo phase*", "reason": "serialize throws"})" "\n");
  FieldDiff thrown;
  thrown.field = "error@op2";
  thrown.missing_in_reference = true;
  thrown.candidate = Value::Error("std::logic_error", "unexpected pseudo phase for sliding flavor");
  const std::string id = "cpc/sketch/lgk=20/seed=default/n=16777216";
  Record r = Compared(id, "java@9.1.0", "cpp@5.2.0", {Missing("a.compact", true), Missing("a.estimate", true), thrown});
  ApplyKnownDifferences(known, r);
  EXPECT_EQ(r.verdict, Verdict::kKnown);
  // The other engine went on and threw later (a refusal C++ never reached): cut short as well.
  FieldDiff later;
  later.field = "error@op3";
  later.missing_in_candidate = true;
  later.reference = Value::Error("org.apache.datasketches.common.SketchesArgumentException", "Hash Seeds do not match.");
  EXPECT_EQ(Judge(known, Compared(id, "java@9.1.0", "cpp@5.2.0", {later, thrown})), Verdict::kKnown);
  // A field missing on the other side is not what the throw cut short.
  EXPECT_EQ(Judge(known, Compared(id, "java@9.1.0", "cpp@5.2.0", {Missing("a.estimate", false), thrown})),
            Verdict::kDiffers);
  // Without the throw, missing fields are another difference.
  EXPECT_EQ(Judge(known, Compared(id, "java@9.1.0", "cpp@5.2.0", {Missing("a.estimate", true)})), Verdict::kDiffers);
}

TEST(KnownDifferences, WhatAThrowCutShortCitesOnlyTheThrowsFinding) {
  const KnownDifferences known = Load(
      R"({"finding": "FZ84", "doc": "d", "family": "tuple", "engines": ["java*", "cpp"], "value": "error",)"
      R"( "message": "*numValues must be positive*", "reason": "Java refuses"})" "\n"
      R"({"finding": "FZ85", "doc": "d", "family": "tuple", "engines": ["java*", "cpp"],)"
      R"( "fields": ["*.theta", "*.estimate"], "reason": "theta of an empty image"})" "\n");
  FieldDiff refused;
  refused.field = "error@op0";
  refused.missing_in_candidate = true;
  refused.reference = Value::Error("org.apache.datasketches.common.SketchesArgumentException",
                                   "Possible corruption: numValues must be positive: 0");
  const std::string id = "tuple/sketch/summary=aod3/lgk=5/n=1";
  Record r = Compared(id, "java@9.1.0", "cpp@5.2.0", {refused, Missing("heapify.estimate", false)});
  ApplyKnownDifferences(known, r);
  EXPECT_EQ(r.verdict, Verdict::kKnown);
  EXPECT_EQ(r.expectation_findings, std::vector<std::string>{"FZ84"});
  // The same estimate, on a record where nobody threw, is FZ85's.
  Record present = Compared(id, "java@9.1.0", "cpp@5.2.0", {Doubles("heapify.estimate", 0, 1)});
  ApplyKnownDifferences(known, present);
  EXPECT_EQ(present.verdict, Verdict::kKnown);
  EXPECT_EQ(present.expectation_findings, std::vector<std::string>{"FZ85"});
  // Missing on the side that did not throw: not cut short, so a rule naming the field covers it.
  Record other = Compared(id, "java@9.1.0", "cpp@5.2.0", {refused, Missing("heapify.estimate", true)});
  ApplyKnownDifferences(known, other);
  EXPECT_EQ(other.verdict, Verdict::kKnown);
  EXPECT_EQ(other.expectation_findings, (std::vector<std::string>{"FZ84", "FZ85"}));
}

TEST(KnownDifferences, AnEveryRecordRuleFailsARecordWithoutItsDifference) {
  const KnownDifferences known = Load(
      R"({"finding": "F3", "doc": "docs/findings.md#f3", "family": "hll", "where": "gen = byte_arrays",)"
      R"( "engines": ["java*", "cpp"], "fields": "*.estimate", "every_record": true, "reason": "empty arrays"})" "\n");
  const std::string id = "hll/items/gen=byte_arrays/lgk=12/type=HLL_4/n=1";
  EXPECT_EQ(Judge(known, Compared(id, "java@9.1.0", "cpp@5.2.0", {Doubles("a.estimate", 0, 1)})), Verdict::kKnown);
  Record gone = Compared(id, "java@9.1.0", "cpp@5.2.0", {});
  ApplyKnownDifferences(known, gone);
  EXPECT_EQ(gone.verdict, Verdict::kUnexpectedlyEqual);
  EXPECT_NE(gone.note.find("F3 ("), std::string::npos) << gone.note;
  EXPECT_NE(gone.expectation_reason.find("empty arrays"), std::string::npos);
  EXPECT_TRUE(VerdictFails(gone.verdict));
  // Where it does not apply, nothing is expected.
  EXPECT_EQ(Judge(known, Compared("hll/items/gen=doubles/lgk=12/type=HLL_4/n=1", "java@9.1.0", "cpp@5.2.0", {})),
            Verdict::kEqual);
}

TEST(KnownDifferences, StaleRulesSayWhichPart) {
  const KnownDifferences known = Load(
      R"({"finding": "F2", "doc": "docs/findings.md#f2", "family": "hll", "engines": ["java*", "cpp|python"],)"
      R"( "parts": [{"part": "sign", "fields": "upper.sd?", "negated": true},)"
      R"(           {"part": "magnitude", "where": "lgk >= 13", "fields": "*.lb?", "max_relative": 1e-5}],)"
      R"( "reason": "rel err"})" "\n"
      R"({"finding": "K1", "doc": "d", "family": "kll", "reason": "never applies here"})" "\n");
  std::vector<Record> records = {
      Compared("hll/rel_err/lgk=4", "java@9.1.0", "cpp@5.2.0", {Doubles("upper.sd1", 0.2, -0.2)}),
      Compared("hll/sketch/lgk=13/type=HLL_4/n=769", "java@9.1.0", "cpp@5.2.0", {}),
      Compared("hll/sketch/lgk=14/type=HLL_4/n=769", "java@9.1.0", "cpp@master", {})};
  for (Record& r : records) ApplyKnownDifferences(known, r);
  EXPECT_EQ(records[0].verdict, Verdict::kKnown);
  const std::vector<StaleRule> stale = StaleRules(known, records);
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_EQ(stale[0].finding, "F2");
  EXPECT_EQ(stale[0].part, "magnitude");
  EXPECT_EQ(stale[0].records, 2);  // lgk 13 and 14; lgk=4 is outside its where clause
  EXPECT_NE(StaleRuleLine(stale[0]).find("F2 part \"magnitude\" ("), std::string::npos) << StaleRuleLine(stale[0]);
}

TEST(KnownDifferences, RejudgingForgetsTheEarlierVerdict) {
  Record r = Compared("kll/exact/item=string/k=8/n=8/order=shuffled", "java@9.1.0", "cpp@5.2.0",
                      {Image("merged.compact", {"flags"})});
  ApplyKnownDifferences(Load(kK1), r);
  ASSERT_EQ(r.verdict, Verdict::kKnown);
  RejudgeRecord(KnownDifferences(), r);
  EXPECT_EQ(r.verdict, Verdict::kDiffers);
  EXPECT_FALSE(r.diffs[0].known);
  EXPECT_TRUE(r.expectation_reason.empty());
  EXPECT_TRUE(r.expectation_findings.empty());
}

TEST(KnownDifferences, ErrorsAndUnsupportedRecordsAreLeftAlone) {
  Record r = Compared("kll/exact/item=string/k=8/n=8/order=shuffled", "java@9.1.0", "cpp@5.2.0", {});
  r.verdict = Verdict::kError;
  r.note = "crashed";
  ApplyKnownDifferences(Load(kK1), r);
  EXPECT_EQ(r.verdict, Verdict::kError);
  EXPECT_EQ(r.note, "crashed");
}

TEST(KnownDifferences, ADirectoryIsItsFamilyFolders) {
  const std::string dir = TempDir();
  std::filesystem::create_directories(dir + "/kll");
  std::filesystem::create_directories(dir + "/hll");
  std::filesystem::create_directories(dir + "/empty");
  std::ofstream(dir + "/kll/known_differences.jsonl") << kK1;
  std::ofstream(dir + "/hll/known_differences.jsonl")
      << "# a comment\n\n"
      << R"({"finding": "F4", "doc": "d", "family": "hll", "stage": "self", "reason": "order"})" << "\n";
  auto known = LoadKnownDifferences({dir});
  ASSERT_TRUE(known.ok()) << known.status();
  ASSERT_EQ(known->rules.size(), 2u);
  EXPECT_EQ(known->rules[0].finding, "F4");  // hll before kll: path order
  EXPECT_EQ(known->rules[0].line, 3);
  EXPECT_EQ(known->rules[0].file, dir + "/hll/known_differences.jsonl");
  EXPECT_EQ(known->Describe(), dir);
  auto none = LoadKnownDifferences({dir + "/empty"});
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("without known_differences.jsonl"), std::string::npos);
  std::ofstream(dir + "/hll/known_differences.jsonl", std::ios::app)
      << R"({"finding": "F5", "doc": "d", "family": "hll", "engines": ["java", "cpp@>=x"], "reason": "r"})" << "\n";
  auto bad = LoadKnownDifferences({dir});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("hll/known_differences.jsonl:4: engines: \"cpp@>=x\""), std::string::npos)
      << bad.status();
}

// Found by the parsers fuzzer: a number past a double's range, or a member of the wrong type,
// threw out of the loader and ended the process.
TEST(KnownDifferences, AnOutOfRangeNumberOrAWrongTypeIsABadLine) {
  const std::string dir = TempDir();
  for (const std::string line : {R"({"finding": "F4", "doc": "d", "family": "hll", "max_ulps": 1e999})",
                                  R"({"finding": ["F4"], "doc": "d", "family": "hll", "reason": "r"})"}) {
    std::ofstream(dir + "/known_differences.jsonl") << "# first\n" << line << "\n";
    auto known = LoadKnownDifferences({dir + "/known_differences.jsonl"});
    ASSERT_FALSE(known.ok()) << line;
    EXPECT_EQ(known.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(known.status().message().find("known_differences.jsonl:2: "), std::string::npos) << known.status();
  }
}

}  // namespace
}  // namespace dsconform
