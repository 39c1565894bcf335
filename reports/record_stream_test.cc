#include "reports/record_stream.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/record/zstd_file.h"

namespace dsconform {
namespace {

Record Make(int64_t index, const std::string& candidate, const std::string& writer = "") {
  Record r;
  r.index = index;
  r.case_id = absl::StrCat("hll/sketch/n=", index);
  r.suite = "hll.matrix";
  r.reference = "java@9.1.0";
  r.candidate = candidate;
  r.writer = writer;
  return r;
}

std::string WriteLines(const std::string& name, const std::vector<Record>& records, const std::string& tail = "") {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream out(path, std::ios::binary);
  for (const Record& r : records) out << RecordToJson(r).dump() << "\n";
  out << tail;
  return path;
}

// What a source gives, as "index candidate<writer", or the error.
std::vector<std::string> Visited(const RecordSource& source, absl::Status* status) {
  std::vector<std::string> out;
  *status = source([&](const Record& r) {
    out.push_back(absl::StrCat(r.index, " ", r.candidate, "<", r.writer));
    return absl::OkStatus();
  });
  return out;
}

// A case's records as a worker finished them, several cases: each case's records in report order.
TEST(RecordStreamTest, GivesAFilesRecordsInReportOrderPlainOrCompressed) {
  const std::vector<Record> records = {Make(0, "python@5.2.0"), Make(0, "cpp@5.2.0"),
                                       Make(1, "cpp@5.2.0", "python@5.2.0"), Make(1, "cpp@5.2.0", "java@9.1.0"),
                                       Make(1, "cpp@5.2.0"), Make(4, "java-direct@9.1.0")};
  const std::string path = WriteLines("records.jsonl", records);
  ASSERT_TRUE(CompressFile(path, path + ".zst").ok());
  const std::vector<std::string> want = {"0 cpp@5.2.0<", "0 python@5.2.0<", "1 cpp@5.2.0<", "1 cpp@5.2.0<java@9.1.0",
                                         "1 cpp@5.2.0<python@5.2.0", "4 java-direct@9.1.0<"};
  for (const std::string& p : {path, path + ".zst"}) {
    absl::Status st;
    EXPECT_EQ(Visited(RecordsOfFile(p, {}), &st), want) << p;
    EXPECT_TRUE(st.ok()) << st;
  }
}

TEST(RecordStreamTest, AMalformedLineOrACaseOutOfOrderIsAnErrorNamingTheLine) {
  absl::Status st;
  const std::string bad = WriteLines("bad.jsonl", {Make(0, "cpp@5.2.0")}, "{\"index\": 1, \n");
  Visited(RecordsOfFile(bad, {}), &st);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("bad.jsonl:2: "), std::string::npos) << st;

  const std::string unordered = WriteLines("unordered.jsonl", {Make(3, "cpp@5.2.0"), Make(1, "cpp@5.2.0")});
  Visited(RecordsOfFile(unordered, {}), &st);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("unordered.jsonl:2: case 1 comes after case 3"), std::string::npos) << st;

  Visited(RecordsOfFile(::testing::TempDir() + "/none.jsonl", {}), &st);
  EXPECT_FALSE(st.ok());
}

TEST(RecordStreamTest, AVisitorsErrorStopsTheReading) {
  const std::string path = WriteLines("stop.jsonl", {Make(0, "cpp@5.2.0"), Make(1, "cpp@5.2.0"), Make(2, "cpp@5.2.0")});
  int seen = 0;
  const absl::Status st = RecordsOfFile(path, {})([&](const Record& r) {
    ++seen;
    return r.index == 1 ? absl::InternalError("enough") : absl::OkStatus();
  });
  EXPECT_EQ(st.message(), "enough");
  EXPECT_EQ(seen, 2);
}

}  // namespace
}  // namespace dsconform
