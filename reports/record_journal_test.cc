#include "reports/record_journal.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gtest/gtest.h"
#include "reports/jsonl_writer.h"
#include "reports/record_lines.h"
#include "reports/sample_records.h"

namespace dsconform {
namespace {

std::string FreshDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string dir = absl::StrCat(::testing::TempDir(), "/journal_", info->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void AppendRaw(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::app) << bytes;
}

// The sample records, two per case (a second candidate), grouped into batches of cases as a run
// would finish them: not in case order.
struct Batch {
  std::vector<int64_t> cases;
  std::vector<Record> records;
};
std::vector<Batch> SampleBatches() {
  std::map<int64_t, std::vector<Record>> by_case;
  for (const Record& r : SampleRecords()) {
    by_case[r.index].push_back(r);
    Record second = r;
    second.candidate = "java-direct@9.0.0";
    by_case[r.index].push_back(second);
  }
  const std::vector<std::vector<int64_t>> order = {{6, 7, 8}, {0, 1}, {3, 4, 5}, {2}};
  std::vector<Batch> batches;
  for (const auto& cases : order) {
    Batch b{cases, {}};
    for (int64_t c : cases) b.records.insert(b.records.end(), by_case[c].begin(), by_case[c].end());
    batches.push_back(b);
  }
  return batches;
}

// records.jsonl as a run of old wrote it: every record in case order, one line each.
std::string InCaseOrderByJsonlWriter(const std::string& dir, const std::vector<Batch>& batches) {
  std::vector<Record> all;
  for (const Batch& b : batches) all.insert(all.end(), b.records.begin(), b.records.end());
  std::stable_sort(all.begin(), all.end(), [](const Record& a, const Record& b) { return a.index < b.index; });
  auto writer = JsonlWriter::Open(dir + "/expected", JsonlWriter::Mode::kTruncate);
  EXPECT_TRUE(writer.ok()) << writer.status();
  for (const Record& r : all) EXPECT_TRUE((*writer)->Write(r).ok());
  EXPECT_TRUE((*writer)->Close().ok());
  return Slurp(dir + "/expected/records.jsonl");
}

std::vector<RecordLine> AppendAll(RecordJournal& journal, const std::vector<Batch>& batches) {
  std::vector<RecordLine> lines;
  for (const Batch& b : batches) EXPECT_TRUE(journal.Append(b.cases, b.records, &lines).ok());
  return lines;
}

TEST(RecordJournalTest, BatchesReadBackAndMakeRecordsJsonlInCaseOrderByteForByte) {
  const std::string dir = FreshDir();
  const std::string path = dir + "/" + RecordJournal::kFileName;
  const auto batches = SampleBatches();
  auto journal = RecordJournal::Open(path);
  ASSERT_TRUE(journal.ok()) << journal.status();
  const std::vector<RecordLine> lines = AppendAll(**journal, batches);
  ASSERT_TRUE((*journal)->Close().ok());

  auto read = ReadRecordJournal(path);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->dropped_bytes, 0);
  EXPECT_EQ(read->kept_bytes, static_cast<int64_t>(Slurp(path).size()));
  EXPECT_EQ(read->cases, (std::set<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  ASSERT_EQ(read->records.size(), 18u);
  ASSERT_EQ(read->lines.size(), lines.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(read->lines[i].offset, lines[i].offset);
    EXPECT_EQ(read->lines[i].length, lines[i].length);
    EXPECT_EQ(read->records[i].index, lines[i].index);
  }

  ASSERT_TRUE(WriteRecordLinesInCaseOrder(dir + "/records.jsonl", {{path, read->lines}}).ok());
  EXPECT_EQ(Slurp(dir + "/records.jsonl"), InCaseOrderByJsonlWriter(dir, batches));
  EXPECT_FALSE(std::filesystem::exists(dir + "/records.jsonl.tmp"));
}

TEST(RecordJournalTest, ABatchCutShortIsDroppedWholeAndTheJournalGoesOnAfterTheLastWholeOne) {
  const std::string dir = FreshDir();
  const std::string path = dir + "/" + RecordJournal::kFileName;
  const auto batches = SampleBatches();
  {
    auto journal = RecordJournal::Open(path);
    ASSERT_TRUE(journal.ok());
    AppendAll(**journal, {batches[0], batches[1]});
  }
  const int64_t whole = static_cast<int64_t>(Slurp(path).size());
  // Killed mid-batch: two whole record lines of the third batch, half of the next, no commit line.
  std::string cut;
  for (const Record& r : batches[2].records) cut += RecordToJson(r).dump() + "\n";
  cut.resize(cut.size() * 2 / 5);
  AppendRaw(path, cut);

  auto read = ReadRecordJournal(path);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->cases, (std::set<int64_t>{0, 1, 6, 7, 8}));
  EXPECT_EQ(read->records.size(), 10u);
  EXPECT_EQ(read->kept_bytes, whole);
  EXPECT_EQ(read->dropped_bytes, static_cast<int64_t>(cut.size()));

  // --resume: the rest after the last whole batch.
  auto journal = RecordJournal::Open(path, &*read);
  ASSERT_TRUE(journal.ok());
  std::vector<RecordLine> lines = read->lines;
  for (const Batch& b : {batches[2], batches[3]}) ASSERT_TRUE((*journal)->Append(b.cases, b.records, &lines).ok());
  ASSERT_TRUE((*journal)->Close().ok());
  auto again = ReadRecordJournal(path);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->dropped_bytes, 0);
  EXPECT_EQ(again->cases.size(), 9u);
  ASSERT_TRUE(WriteRecordLinesInCaseOrder(dir + "/records.jsonl", {{path, lines}}).ok());
  EXPECT_EQ(Slurp(dir + "/records.jsonl"), InCaseOrderByJsonlWriter(dir, batches));
}

TEST(RecordJournalTest, RecordsWithoutTheirCommitLineOrNotOfItAreNotFinished) {
  const auto batches = SampleBatches();
  std::string lines;
  for (const Record& r : batches[2].records) lines += RecordToJson(r).dump() + "\n";
  // END: the journal's length with those records; HALF: within one of them; PAST: beyond them.
  for (const std::string& tail : {std::string("{\"finished_cases\":[3,4],\"journal_bytes\":END}\n"),  // not 5
                                  std::string("{\"finished_cases\":[3,4,5],\"journal_bytes\":END}"),   // cut short
                                  std::string("{\"finished_cases\":[3,4,\"x\"],\"journal_bytes\":END}\n"),
                                  std::string("{\"finished_cases\":[3,4,5],\"journal_bytes\":HALF}\n"),  // in a line
                                  std::string("{\"finished_cases\":[3,4,5],\"journal_bytes\":PAST}\n"),  // past the end
                                  std::string("{\"finished_cases\":[3,4,5]}\n"), std::string("not json\n"),
                                  std::string("")}) {
    const std::string dir = FreshDir();
    const std::string path = dir + "/" + RecordJournal::kFileName;
    {
      auto journal = RecordJournal::Open(path);
      ASSERT_TRUE(journal.ok());
      AppendAll(**journal, {batches[0]});
    }
    const int64_t whole = static_cast<int64_t>(Slurp(path).size());
    const int64_t end = whole + static_cast<int64_t>(lines.size());
    AppendRaw(path, lines);
    AppendRaw(RecordJournal::CommitsPath(path),
              absl::StrReplaceAll(tail, {{"END", std::to_string(end)},
                                         {"HALF", std::to_string(whole + static_cast<int64_t>(lines.size()) / 2)},
                                         {"PAST", std::to_string(end + 1)}}));
    auto read = ReadRecordJournal(path);
    ASSERT_TRUE(read.ok()) << read.status();
    EXPECT_EQ(read->cases, (std::set<int64_t>{6, 7, 8})) << tail;
    EXPECT_EQ(read->kept_bytes, whole) << tail;
    EXPECT_EQ(read->dropped_bytes, static_cast<int64_t>(lines.size())) << tail;
  }
}

TEST(RecordJournalTest, AJournalWithoutItsCommitsKeepsNothing) {
  // As an earlier dsconform left it, its commit lines among the records: its cases run again.
  const std::string dir = FreshDir();
  const std::string path = dir + "/" + RecordJournal::kFileName;
  {
    auto journal = RecordJournal::Open(path);
    ASSERT_TRUE(journal.ok());
    AppendAll(**journal, {SampleBatches()[0]});
  }
  ASSERT_TRUE(std::filesystem::remove(RecordJournal::CommitsPath(path)));
  auto read = ReadRecordJournal(path);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_TRUE(read->cases.empty());
  EXPECT_EQ(read->dropped_bytes, static_cast<int64_t>(Slurp(path).size()));
}

TEST(RecordJournalTest, AJournalInCaseOrderIsRecordsJsonlRenamed) {
  const std::string dir = FreshDir();
  const std::string path = dir + "/" + RecordJournal::kFileName;
  auto batches = SampleBatches();
  std::sort(batches.begin(), batches.end(), [](const Batch& a, const Batch& b) { return a.cases[0] < b.cases[0]; });
  auto journal = RecordJournal::Open(path);
  ASSERT_TRUE(journal.ok());
  const std::vector<RecordLine> lines = AppendAll(**journal, batches);
  ASSERT_TRUE(LinesFillFileInCaseOrder(lines, (*journal)->bytes()));
  ASSERT_TRUE((*journal)->RenameTo(dir + "/records.jsonl").ok());
  EXPECT_EQ(Slurp(dir + "/records.jsonl"), InCaseOrderByJsonlWriter(dir, batches));
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_FALSE(std::filesystem::exists(RecordJournal::CommitsPath(path)));
}

TEST(RecordLinesTest, LinesFillAFileInCaseOrderOnlyWhenWholeAndSorted) {
  const std::vector<RecordLine> in_order = {{0, 0, 10}, {0, 10, 5}, {1, 15, 7}, {3, 22, 8}};
  EXPECT_TRUE(LinesFillFileInCaseOrder(in_order, 30));
  EXPECT_TRUE(LinesFillFileInCaseOrder({}, 0));
  EXPECT_FALSE(LinesFillFileInCaseOrder(in_order, 31));                               // more in the file
  EXPECT_FALSE(LinesFillFileInCaseOrder({{1, 0, 10}, {0, 10, 5}}, 15));                // cases out of order
  EXPECT_FALSE(LinesFillFileInCaseOrder({{0, 10, 5}, {0, 0, 10}}, 15));                // lines out of file order
  EXPECT_FALSE(LinesFillFileInCaseOrder({{0, 0, 10}, {1, 12, 3}}, 15));                // a gap (a case left out)
}

TEST(RecordJournalTest, BatchesFromManyThreadsStayWhole) {
  const std::string dir = FreshDir();
  const std::string path = dir + "/" + RecordJournal::kFileName;
  const Record sample = SampleRecords()[0];
  auto journal = RecordJournal::Open(path);
  ASSERT_TRUE(journal.ok());
  std::vector<std::vector<RecordLine>> lines(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int64_t b = 0; b < 200; ++b) {
        const int64_t c = t * 1000 + b;
        std::vector<Record> records(3, sample);
        for (Record& r : records) r.index = c;
        EXPECT_TRUE((*journal)->Append({c}, records, &lines[t]).ok());
      }
    });
  }
  for (auto& th : threads) th.join();
  ASSERT_TRUE((*journal)->Close().ok());
  auto read = ReadRecordJournal(path);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->dropped_bytes, 0);
  EXPECT_EQ(read->cases.size(), 800u);
  EXPECT_EQ(read->records.size(), 2400u);
  std::vector<RecordLineSource> sources;
  for (auto& l : lines) sources.push_back({path, l});
  ASSERT_TRUE(WriteRecordLinesInCaseOrder(dir + "/records.jsonl", sources).ok());
  auto sorted = ReadRecordLines(dir + "/records.jsonl");
  ASSERT_TRUE(sorted.ok()) << sorted.status();
  ASSERT_EQ(sorted->records.size(), 2400u);
  EXPECT_TRUE(std::is_sorted(sorted->records.begin(), sorted->records.end(),
                             [](const Record& a, const Record& b) { return a.index < b.index; }));
}

TEST(RecordLinesTest, RecordsJsonlAndAJournalMakeOneFileInCaseOrder) {
  // --resume after an interrupt (records.jsonl with some cases) and then a kill (a journal).
  const std::string dir = FreshDir();
  const auto batches = SampleBatches();
  {
    auto writer = JsonlWriter::Open(dir, JsonlWriter::Mode::kTruncate);
    ASSERT_TRUE(writer.ok());
    for (int b : {1, 3})
      for (const Record& r : batches[b].records) ASSERT_TRUE((*writer)->Write(r).ok());
  }
  const std::string journal_path = dir + "/" + RecordJournal::kFileName;
  {
    auto journal = RecordJournal::Open(journal_path);
    ASSERT_TRUE(journal.ok());
    AppendAll(**journal, {batches[2], batches[0]});
  }
  auto file = ReadRecordLines(dir + "/records.jsonl");
  auto journal = ReadRecordJournal(journal_path);
  ASSERT_TRUE(file.ok() && journal.ok());
  EXPECT_EQ(file->cases, (std::set<int64_t>{0, 1, 2}));
  ASSERT_TRUE(WriteRecordLinesInCaseOrder(dir + "/records.jsonl",
                                          {{dir + "/records.jsonl", file->lines}, {journal_path, journal->lines}})
                  .ok());
  EXPECT_EQ(Slurp(dir + "/records.jsonl"), InCaseOrderByJsonlWriter(dir, batches));
}

TEST(RecordLinesTest, ALastLineCutShortDropsItsCaseWhole) {
  // records.jsonl written record by record, in case order, by an earlier dsconform that was killed.
  const std::string dir = FreshDir();
  const auto batches = SampleBatches();
  std::string text;
  for (const Record& r : batches[1].records) text += RecordToJson(r).dump() + "\n";  // cases 0, 1
  const std::string last = RecordToJson(batches[3].records[0]).dump();            // case 2
  text += last + "\n" + last.substr(0, 40);
  AppendRaw(dir + "/records.jsonl", text);
  auto file = ReadRecordLines(dir + "/records.jsonl");
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ(file->cases, (std::set<int64_t>{0, 1}));
  EXPECT_EQ(file->records.size(), 4u);
  EXPECT_EQ(file->dropped_bytes, static_cast<int64_t>(last.size() + 1 + 40));
}

TEST(RecordLinesTest, AMalformedLineInTheMiddleNamesFileAndLine) {
  const std::string dir = FreshDir();
  AppendRaw(dir + "/records.jsonl", RecordToJson(SampleRecords()[0]).dump() + "\n{\"index\": 1}\n");
  auto file = ReadRecordLines(dir + "/records.jsonl");
  ASSERT_FALSE(file.ok());
  EXPECT_NE(file.status().message().find("records.jsonl:2: not a record"), std::string::npos) << file.status();
}

}  // namespace
}  // namespace dsconform
