#include "reports/record_text.h"

#include "gtest/gtest.h"
#include "reports/sample_records.h"

namespace dsconform {
namespace {

const Record& Find(const std::vector<Record>& records, const std::string& case_id) {
  for (const auto& r : records)
    if (r.case_id == case_id) return r;
  ADD_FAILURE() << "no sample record " << case_id;
  static const Record none;
  return none;
}

TEST(RecordTextTest, ReproCommandNamesBothEnginesAndQuotesTheCase) {
  const auto records = SampleRecords();
  EXPECT_EQ(ReproCommand(Find(records, "hll/sketch/lgk=12/type=HLL_4/n=3072"), RunInfo{}),
            "dsconform repro --engines java@9.0.0,cpp@5.2.0 'hll/sketch/lgk=12/type=HLL_4/n=3072'");
}

TEST(RecordTextTest, ReproCommandOfACrossStageNamesTheWriter) {
  const auto records = SampleRecords();
  EXPECT_EQ(ReproCommand(Find(records, "hll/cross_heapify/lgk=12/type=HLL_4/n=3072"), RunInfo{}),
            "dsconform repro --engines java@9.0.0,cpp@5.2.0 --writer java@9.0.0 "
            "'hll/cross_heapify/lgk=12/type=HLL_4/n=3072'");
}

TEST(RecordTextTest, ReproCommandNamesACorpusByItsFile) {
  Record r;
  r.case_id = "hll/x";
  r.reference = "cpp@5.2.0+corpus";
  r.candidate = "java@9.0.0";
  RunInfo info;
  info.engine_specs["cpp@5.2.0+corpus"] = "corpus:corpus/hll-cpp-5.2.0.jsonl";
  EXPECT_EQ(ReproCommand(r, info), "dsconform repro --engines corpus:corpus/hll-cpp-5.2.0.jsonl,java@9.0.0 'hll/x'");
}

TEST(RecordTextTest, ReproCommandSurvivesQuotesInTheCaseId) {
  Record r;
  r.reference = "java@9.0.0";
  r.candidate = "cpp@5.2.0";
  r.case_id = "x/it's/$HOME";
  EXPECT_EQ(ReproCommand(r, RunInfo{}), "dsconform repro --engines java@9.0.0,cpp@5.2.0 'x/it'\\''s/$HOME'");
}

TEST(RecordTextTest, DecodedDiffReadsFieldReferenceVsCandidate) {
  EXPECT_EQ(DecodedDiffText({"hipAccum", "131328.0", "0.0", 8, 8}), "hipAccum: 131328.0 vs 0.0");
  EXPECT_EQ(DecodedDiffText({"auxCount", "", "3", 0, 4}), "auxCount: (absent) vs 3");
}

TEST(RecordTextTest, HeadlineSaysWhyForEveryVerdict) {
  const auto records = SampleRecords();
  EXPECT_EQ(RecordHeadline(Find(records, "hll/sketch/lgk=12/type=HLL_4/n=1000")), "");
  EXPECT_EQ(RecordHeadline(Find(records, "hll/sketch/lgk=3/type=HLL_8/n=1")),
            "java@9.0.0 threw SketchesArgumentException: lgConfigK must be >= 4 && <= 21: <3> & \"quoted\"");
  EXPECT_EQ(RecordHeadline(Find(records, "hll/union/lgk=12/op=update_rvalue")),
            "not supported: update(&&) has no Java equivalent");
  EXPECT_EQ(RecordHeadline(Find(records, "hll/union/lgk=11/order=forward/n=5000")),
            "expected difference no longer occurs: Java rebuilds the aux table in another order "
            "(https://github.com/apache/datasketches-java/issues/512)");
  const std::string differs = RecordHeadline(Find(records, "hll/sketch/lgk=12/type=HLL_4/n=3072"));
  EXPECT_EQ(differs.rfind("a.compact: 64 bytes ", 0), 0u) << differs;
  EXPECT_NE(differs.find("; hipAccum: 131328.0 vs 0.0; register[3]: 5 vs 6"), std::string::npos) << differs;
}

TEST(RecordTextTest, MissingSideReadsMissing) {
  const auto records = SampleRecords();
  const Record& cross = Find(records, "hll/cross_heapify/lgk=12/type=HLL_4/n=3072");
  ASSERT_EQ(cross.diffs.size(), 2u);
  EXPECT_EQ(CandidateText(cross.diffs[1]), "(missing)");
  EXPECT_EQ(ReferenceText(cross.diffs[1]), "4 bytes 0201070c");
}

TEST(RecordTextTest, TruncatedCutsOnACharacterBoundary) {
  EXPECT_EQ(Truncated("日本語", 4), "日…");
  EXPECT_EQ(Truncated("abc", 3), "abc");
  EXPECT_EQ(Truncated(std::string(100, '\x80'), 10).size(), 7u + 3u);  // not UTF-8: still cut near max
}

}  // namespace
}  // namespace dsconform
