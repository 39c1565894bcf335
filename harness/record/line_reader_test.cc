#include "harness/record/line_reader.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/record/zstd_file.h"

namespace dsconform {
namespace {

class LineReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) / ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::create_directories(dir_);
  }
  std::string Write(const std::string& name, const std::string& text) const {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  std::filesystem::path dir_;
};

// More than one read and one zstd block, lines of many lengths.
std::vector<std::string> ManyLines() {
  std::vector<std::string> lines;
  for (int i = 0; i < 40000; ++i) lines.push_back(absl::StrCat("{\"index\":", i, ",\"pad\":\"", std::string(i % 97, 'x'), "\"}"));
  lines.push_back("");  // an empty line is a line
  lines.push_back(std::string(3 << 20, 'y'));  // longer than any buffer
  return lines;
}

std::vector<std::string> ReadAll(const std::string& path, absl::Status* status) {
  auto reader = LineReader::Open(path);
  EXPECT_TRUE(reader.ok()) << reader.status();
  std::vector<std::string> out;
  std::string line;
  while ((*reader)->Next(&line)) out.push_back(line);
  *status = (*reader)->status();
  return out;
}

TEST_F(LineReaderTest, ReadsPlainAndCompressedFilesAlike) {
  const std::vector<std::string> lines = ManyLines();
  std::string text;
  for (const auto& l : lines) absl::StrAppend(&text, l, "\n");
  const std::string plain = Write("records.jsonl", text);
  ASSERT_TRUE(CompressFile(plain, plain + ".zst").ok());
  for (const std::string& path : {plain, plain + ".zst"}) {
    absl::Status st;
    EXPECT_EQ(ReadAll(path, &st), lines) << path;
    EXPECT_TRUE(st.ok()) << st;
  }
}

TEST_F(LineReaderTest, GivesALastLineWithoutItsNewline) {
  absl::Status st;
  EXPECT_EQ(ReadAll(Write("a", "one\ntwo"), &st), (std::vector<std::string>{"one", "two"}));
  EXPECT_TRUE(st.ok());
  EXPECT_TRUE(ReadAll(Write("empty", ""), &st).empty());
  EXPECT_TRUE(st.ok());
}

TEST_F(LineReaderTest, ACompressedFileCutShortIsAnErrorNamingIt) {
  std::string text;
  for (const auto& l : ManyLines()) absl::StrAppend(&text, l, "\n");
  const std::string plain = Write("records.jsonl", text);
  ASSERT_TRUE(CompressFile(plain, plain + ".zst").ok());
  std::filesystem::resize_file(plain + ".zst", std::filesystem::file_size(plain + ".zst") / 2);
  absl::Status st;
  const auto lines = ReadAll(plain + ".zst", &st);
  EXPECT_LT(lines.size(), ManyLines().size());
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("records.jsonl.zst"), std::string::npos) << st;
  EXPECT_NE(st.message().find("ends early"), std::string::npos) << st;
}

TEST_F(LineReaderTest, AMissingFileIsAnError) {
  auto reader = LineReader::Open((dir_ / "none.jsonl").string());
  ASSERT_FALSE(reader.ok());
  EXPECT_NE(reader.status().message().find("none.jsonl"), std::string::npos);
}

}  // namespace
}  // namespace dsconform
