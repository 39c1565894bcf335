#include "reports/jsonl_writer.h"

#include <filesystem>
#include <fstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "reports/sample_records.h"

namespace dsconform {
namespace {

std::string FreshDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string dir = absl::StrCat(::testing::TempDir(), "/jsonl_", info->name());
  std::filesystem::remove_all(dir);
  return dir;
}

void AppendRaw(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::app) << bytes;
}

std::vector<Record> WriteAll(const std::string& dir, JsonlWriter::Mode mode, const std::vector<Record>& records) {
  auto writer = JsonlWriter::Open(dir, mode);
  EXPECT_TRUE(writer.ok()) << writer.status();
  for (const auto& r : records) EXPECT_TRUE((*writer)->Write(r).ok());
  EXPECT_EQ((*writer)->records_written(), static_cast<int64_t>(records.size()));
  EXPECT_TRUE((*writer)->Close().ok());
  return records;
}

TEST(JsonlWriterTest, EveryRecordRoundTripsThroughTheReader) {
  const std::string dir = FreshDir();
  const auto records = WriteAll(dir, JsonlWriter::Mode::kTruncate, SampleRecords());
  JsonlReadWarnings warnings;
  auto read = ReadRecordsJsonl(dir + "/records.jsonl", &warnings);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(warnings.count, 0);
  ASSERT_EQ(read->size(), records.size());
  for (size_t i = 0; i < records.size(); ++i) {
    if (records[i].case_id.find("alphabet=") != std::string::npos) continue;  // checked below
    EXPECT_EQ(RecordToJson((*read)[i]), RecordToJson(records[i])) << records[i].case_id;
  }
}

TEST(JsonlWriterTest, BytesThatAreNotUtf8AreWrittenAsReplacementCharacters) {
  const std::string dir = FreshDir();
  const auto records = WriteAll(dir, JsonlWriter::Mode::kTruncate, SampleRecords());
  auto read = ReadRecordsJsonl(dir + "/records.jsonl");
  ASSERT_TRUE(read.ok()) << read.status();
  for (const auto& r : *read) {
    if (r.case_id != "hll/strings/alphabet=naïve-日本語/n=100") continue;
    ASSERT_EQ(r.diffs.size(), 1u);
    EXPECT_EQ(r.diffs[0].reference.bytes, "lgK: 12 <ü> & ok");
    EXPECT_EQ(r.diffs[0].candidate.bytes, "lgK: 12 <ü> \x01 \xef\xbf\xbd");  // \xff -> U+FFFD
    return;
  }
  FAIL() << "the non-ASCII record was not read back";
}

TEST(JsonlWriterTest, ReaderSkipsAndCountsATruncatedLastLine) {
  const std::string dir = FreshDir();
  const auto records = SampleRecords();
  WriteAll(dir, JsonlWriter::Mode::kTruncate, {records[0], records[1]});
  const std::string line = RecordToJson(records[2]).dump();
  AppendRaw(dir + "/records.jsonl", line.substr(0, line.size() / 2));  // killed mid-write
  JsonlReadWarnings warnings;
  auto read = ReadRecordsJsonl(dir + "/records.jsonl", &warnings);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->size(), 2u);
  EXPECT_EQ(warnings.count, 1);
  ASSERT_EQ(warnings.messages.size(), 1u);
  EXPECT_NE(warnings.messages[0].find("records.jsonl:3: ignored a truncated last line"), std::string::npos)
      << warnings.messages[0];
}

TEST(JsonlWriterTest, ReaderRejectsAMalformedLineNamingFileAndLine) {
  const std::string dir = FreshDir();
  const auto records = SampleRecords();
  WriteAll(dir, JsonlWriter::Mode::kTruncate, {records[0]});
  AppendRaw(dir + "/records.jsonl", "{not json\n");
  WriteAll(dir, JsonlWriter::Mode::kAppend, {records[1]});
  auto read = ReadRecordsJsonl(dir + "/records.jsonl");
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.status().message().find(dir + "/records.jsonl:2: not valid JSON"), std::string::npos)
      << read.status();
}

TEST(JsonlWriterTest, ReaderRejectsJsonThatIsNotARecord) {
  const std::string dir = FreshDir();
  std::filesystem::create_directories(dir);
  AppendRaw(dir + "/records.jsonl", "{\"index\": 1}\n");
  auto read = ReadRecordsJsonl(dir + "/records.jsonl");
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.status().message().find("records.jsonl:1: not a record: "), std::string::npos) << read.status();
}

TEST(JsonlWriterTest, ReaderNamesAMissingFile) {
  auto read = ReadRecordsJsonl(FreshDir() + "/records.jsonl");
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.status().message().find("/records.jsonl"), std::string::npos) << read.status();
}

TEST(JsonlWriterTest, AppendModeKeepsFinishedRecordsAndCutsAPartialLine) {
  const std::string dir = FreshDir();
  const auto records = SampleRecords();
  WriteAll(dir, JsonlWriter::Mode::kTruncate, {records[0], records[1]});
  AppendRaw(dir + "/records.jsonl", "{\"index\": 5, \"ca");
  auto writer = JsonlWriter::Open(dir, JsonlWriter::Mode::kAppend);
  ASSERT_TRUE(writer.ok()) << writer.status();
  EXPECT_EQ((*writer)->dropped_partial_bytes(), 16);
  ASSERT_TRUE((*writer)->Write(records[2]).ok());
  writer->reset();
  JsonlReadWarnings warnings;
  auto read = ReadRecordsJsonl(dir + "/records.jsonl", &warnings);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(warnings.count, 0);
  ASSERT_EQ(read->size(), 3u);
  EXPECT_EQ((*read)[2].case_id, records[2].case_id);
}

TEST(JsonlWriterTest, TruncateModeStartsAnEmptyFile) {
  const std::string dir = FreshDir();
  const auto records = SampleRecords();
  WriteAll(dir, JsonlWriter::Mode::kTruncate, {records[0], records[1]});
  WriteAll(dir, JsonlWriter::Mode::kTruncate, {records[2]});
  auto read = ReadRecordsJsonl(dir + "/records.jsonl");
  ASSERT_TRUE(read.ok()) << read.status();
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ((*read)[0].case_id, records[2].case_id);
}

TEST(JsonlWriterTest, EachRecordIsInTheFileAsSoonAsWriteReturns) {
  const std::string dir = FreshDir();
  auto writer = JsonlWriter::Open(dir, JsonlWriter::Mode::kTruncate);
  ASSERT_TRUE(writer.ok()) << writer.status();
  ASSERT_TRUE((*writer)->Write(SampleRecords()[0]).ok());
  // Still open: a kill now would leave exactly this.
  auto read = ReadRecordsJsonl((*writer)->path());
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->size(), 1u);
}

TEST(JsonlWriterTest, ConcurrentWritersNeverInterleaveLines) {
  const std::string dir = FreshDir();
  auto writer = JsonlWriter::Open(dir, JsonlWriter::Mode::kTruncate);
  ASSERT_TRUE(writer.ok()) << writer.status();
  const auto records = SampleRecords();
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 100; ++i)
        for (const auto& r : records) EXPECT_TRUE((*writer)->Write(r).ok());
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ((*writer)->records_written(), 4 * 100 * static_cast<int64_t>(records.size()));
  auto read = ReadRecordsJsonl((*writer)->path());
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->size(), 4 * 100 * records.size());
}

TEST(JsonlWriterTest, OpenFailureNamesThePath) {
  const std::string dir = FreshDir();
  std::filesystem::create_directories(dir);
  AppendRaw(dir + "/file", "x");
  auto writer = JsonlWriter::Open(dir + "/file/sub", JsonlWriter::Mode::kTruncate);
  ASSERT_FALSE(writer.ok());
  EXPECT_NE(writer.status().message().find(dir + "/file/sub"), std::string::npos) << writer.status();
}

TEST(JsonlWriterTest, WriteFailureNamesThePath) {
  const std::string dir = FreshDir();
  std::filesystem::create_directories(dir);
  std::filesystem::create_symlink("/dev/full", dir + "/records.jsonl");  // every write: ENOSPC
  auto writer = JsonlWriter::Open(dir, JsonlWriter::Mode::kTruncate);
  ASSERT_TRUE(writer.ok()) << writer.status();
  const absl::Status st = (*writer)->Write(SampleRecords()[0]);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("cannot write " + dir + "/records.jsonl: No space left on device"), std::string::npos)
      << st;
  EXPECT_EQ((*writer)->records_written(), 0);
}

TEST(JsonlWriterTest, WriteAfterCloseFails) {
  const std::string dir = FreshDir();
  auto writer = JsonlWriter::Open(dir, JsonlWriter::Mode::kTruncate);
  ASSERT_TRUE(writer.ok()) << writer.status();
  ASSERT_TRUE((*writer)->Close().ok());
  EXPECT_FALSE((*writer)->Write(SampleRecords()[0]).ok());
}

}  // namespace
}  // namespace dsconform
