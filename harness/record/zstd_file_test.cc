#include "harness/record/zstd_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void Spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

class ZstdFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) / ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::create_directories(dir_);
  }
  std::string At(const std::string& name) const { return (dir_ / name).string(); }
  std::filesystem::path dir_;
};

// Several of zstd's stream blocks, so that both directions loop over their buffers.
std::string Lines() {
  std::string text;
  for (int i = 0; i < 60000; ++i) absl::StrAppend(&text, "{\"index\":", i, ",\"case\":\"hll/sketch/n=", i * 7, "\"}\n");
  return text;
}

TEST_F(ZstdFileTest, ARoundTripGivesTheBytesBackAndCompresses) {
  const std::string text = Lines();
  Spit(At("records.jsonl"), text);
  ASSERT_TRUE(CompressFile(At("records.jsonl"), At("records.jsonl.zst")).ok());
  EXPECT_LT(std::filesystem::file_size(At("records.jsonl.zst")), text.size() / 4);
  ASSERT_TRUE(DecompressFile(At("records.jsonl.zst"), At("back.jsonl")).ok());
  EXPECT_EQ(Slurp(At("back.jsonl")), text);
  EXPECT_FALSE(std::filesystem::exists(At("back.jsonl.part")));
}

TEST_F(ZstdFileTest, AnEmptyFileRoundTrips) {
  Spit(At("empty"), "");
  ASSERT_TRUE(CompressFile(At("empty"), At("empty.zst")).ok());
  ASSERT_TRUE(DecompressFile(At("empty.zst"), At("back")).ok());
  EXPECT_EQ(Slurp(At("back")), "");
}

TEST_F(ZstdFileTest, ACutShortOrDamagedFileIsRefusedByName) {
  Spit(At("records.jsonl"), Lines());
  ASSERT_TRUE(CompressFile(At("records.jsonl"), At("whole.zst")).ok());
  const std::string whole = Slurp(At("whole.zst"));
  Spit(At("cut.zst"), whole.substr(0, whole.size() / 2));
  const absl::Status cut = DecompressFile(At("cut.zst"), At("out"));
  EXPECT_EQ(cut.code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(cut.message().find("cut.zst"), std::string::npos) << cut;
  EXPECT_FALSE(std::filesystem::exists(At("out"))) << "nothing half-written is left";
  Spit(At("garbage.zst"), "this is not zstd at all");
  EXPECT_EQ(DecompressFile(At("garbage.zst"), At("out")).code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(DecompressFile(At("missing.zst"), At("out")).code(), absl::StatusCode::kUnavailable);
}

TEST_F(ZstdFileTest, APlainFileIsItselfAndACompressedOneATemporaryCopy) {
  Spit(At("c.jsonl"), "{\"a\":1}\n");
  auto plain = PlainFile::Open(At("c.jsonl"));
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->path(), At("c.jsonl"));
  ASSERT_TRUE(CompressFile(At("c.jsonl"), At("c.jsonl.zst")).ok());
  std::string copy;
  {
    auto z = PlainFile::Open(At("c.jsonl.zst"));
    ASSERT_TRUE(z.ok()) << z.status();
    copy = z->path();
    EXPECT_EQ(Slurp(copy), "{\"a\":1}\n");
  }
  EXPECT_FALSE(std::filesystem::exists(copy)) << "the copy goes with its PlainFile";
  EXPECT_TRUE(std::filesystem::exists(At("c.jsonl")));
}

}  // namespace
}  // namespace dsconform
