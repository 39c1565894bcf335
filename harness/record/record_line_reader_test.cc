#include "harness/record/record_line_reader.h"

#include <memory>
#include <random>
#include <string>

#include "gtest/gtest.h"
#include "harness/record/sample_record.h"
#include "harness/truth/test_truth_kind.h"

namespace dsconform {
namespace {

std::string LineOf(const Record& r) {
  std::string line;
  AppendRecordLine(r, &line);
  return line;
}

// The record as RecordFromJson reads the line; false where it does not.
bool ReadThroughJson(const std::string& line, Record* r, const TruthKinds& kinds) {
  const nlohmann::json j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  std::string error;
  return j.is_object() && RecordFromJson(j, r, &error, kinds);
}

// Every member written, its text ASCII: a line the reader takes.
Record AsciiRecordWithEveryMember(const TruthKind& kind) {
  Record r = RecordWithEveryMember();
  for (FieldDiff& d : r.diffs)
    if (d.reference.kind == Value::Kind::kString) d.reference = Value::String("cafe \x01\x1f\x7f \\ / \"");
  r.expectation_reason = "F1: rows in another order";
  r.expectation_link = "docs/findings-fi.md#f1";
  r.expectation_findings = {"F1", "J6"};
  auto samples = std::make_shared<TestSamples>();
  samples->samples = {{"a", 1.5, 2}, {"b", -0.0, 1e300}};
  r.truth_samples[kind.record_member()] = std::move(samples);
  return r;
}

TEST(RecordLineReader, ReadsEveryMemberOfAWrittenLine) {
  const TestTruthKind kind;
  const std::string line = LineOf(AsciiRecordWithEveryMember(kind));
  Record r;
  ASSERT_TRUE(ReadRecordLineAsWritten(line, &r, {&kind})) << line;
  EXPECT_EQ(LineOf(r), line);
  EXPECT_EQ(r.expectation_findings.size(), 2u);
  EXPECT_EQ(r.truth_samples.count(kind.record_member()), 1u);
}

TEST(RecordLineReader, DeclinesWhatItDoesNotReadAndLeavesTheRecordAlone) {
  const TestTruthKind kind;
  Record untouched;
  untouched.case_id = "untouched";
  const std::string line = LineOf(AsciiRecordWithEveryMember(kind));
  const std::string declined[] = {
      LineOf(RecordWithEveryMember()),                    // text that is not ASCII ("caf\u00e9")
      line.substr(0, line.size() - 1),                    // cut short
      line + " ",                                         // a space after
      "{\"case\":\"x\"," + line.substr(1),                // members in another order
      line.substr(0, line.size() - 1) + ",\"zz\":1}",     // a member unknown
      std::string("{\"index\":01") + line.substr(line.find(",\"case\"")),   // a number JSON refuses
      std::string("{\"index\":1.0") + line.substr(line.find(",\"case\"")),  // a number in another form
  };
  for (const std::string& d : declined) {
    Record r = untouched;
    EXPECT_FALSE(ReadRecordLineAsWritten(d, &r, {&kind})) << d;
    EXPECT_EQ(r.case_id, "untouched");
  }
  // Its samples without their kind: RecordFromJson leaves the member out, this reader declines.
  Record r;
  EXPECT_FALSE(ReadRecordLineAsWritten(line, &r, {}));
}

// Lines damaged at random, byte by byte: whatever the reader takes, RecordFromJson takes too and
// reads as the same record. Mostly declined; enough taken (digits, letters inside strings) that
// both readers are compared on lines other than the written one.
TEST(RecordLineReader, ATakenLineReadsAsRecordFromJsonReadsIt) {
  const TestTruthKind kind;
  const std::string line = LineOf(AsciiRecordWithEveryMember(kind));
  const std::string bytes = "0179-.eE+AFaf\"\\/u,:{}[] tnlx\x01\x7f\xc3";
  std::mt19937_64 random(26);
  int taken = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string damaged = line;
    for (int edits = 1 + static_cast<int>(random() % 2); edits > 0; --edits) {
      const size_t at = random() % damaged.size();
      const char b = bytes[random() % bytes.size()];
      switch (random() % 3) {
        case 0: damaged[at] = b; break;
        case 1: damaged.insert(damaged.begin() + static_cast<std::ptrdiff_t>(at), b); break;
        default: damaged.erase(at, 1 + random() % 4); break;
      }
    }
    Record fast;
    if (!ReadRecordLineAsWritten(damaged, &fast, {&kind})) continue;
    ++taken;
    Record slow;
    ASSERT_TRUE(ReadThroughJson(damaged, &slow, {&kind})) << damaged;
    ASSERT_EQ(LineOf(fast), LineOf(slow)) << damaged;
  }
  EXPECT_GT(taken, 1000);
}

}  // namespace
}  // namespace dsconform
