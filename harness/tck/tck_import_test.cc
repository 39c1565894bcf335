#include "harness/tck/tck_import.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "sketches/compiled_families.h"

namespace dsconform {
namespace {

namespace fs = std::filesystem;

TEST(SnapshotFamilyKeyTest, StripsTheVariantDigits) {
  EXPECT_EQ(SnapshotFamilyKey("hll4_n10_java.sk"), "hll");
  EXPECT_EQ(SnapshotFamilyKey("bf_n0_h3_cpp.sk"), "bf");
  EXPECT_EQ(SnapshotFamilyKey("cpc_n100_go.sk"), "cpc");
}

class TckImportTest : public ::testing::Test {
 protected:
  void SetUp() override { fs::create_directories(root_ / "serialization_test_data" / "java_generated_files"); }
  void TearDown() override { fs::remove_all(root_); }
  void Put(const std::string& lang, const std::string& name, const std::string& bytes) {
    fs::create_directories(root_ / "serialization_test_data" / (lang + "_generated_files"));
    std::ofstream(root_ / "serialization_test_data" / (lang + "_generated_files") / name, std::ios::binary) << bytes;
  }
  fs::path root_ = fs::path(::testing::TempDir()) / absl::StrCat("tck_", getpid());
};

TEST_F(TckImportTest, SupportedFilesBecomeCasesAndTheOthersAreListedByFamily) {
  const std::string empty_hll4("\x02\x01\x07\x0c\x03\x0c\x00\x00", 8);
  Put("java", "hll4_n0_java.sk", empty_hll4);
  Put("cpp", "hll8_n0_cpp.sk", empty_hll4);
  Put("java", "density_n0_java.sk", "x");  // a family dsconform does not import
  Put("cpp", "density_n10_cpp.sk", "y");
  Put("java", "notes.txt", "not a snapshot");
  for (const fs::path& dir : {root_, root_ / "serialization_test_data"}) {
    auto tck = ImportTckSnapshots(dir.string(), CompiledFamilies());
    ASSERT_TRUE(tck.ok()) << tck.status();
    EXPECT_EQ(tck->files, 4);
    ASSERT_EQ(tck->cases.size(), 2u);
    EXPECT_EQ(tck->cases[0].id, "tck/cpp/hll8_n0_cpp");
    EXPECT_EQ(tck->cases[1].id, "tck/java/hll4_n0_java");
    EXPECT_EQ(tck->cases[1].inputs.at("image"), empty_hll4);
    ASSERT_EQ(tck->skipped.size(), 1u);
    EXPECT_EQ(tck->skipped.at("density"),
              (std::vector<std::string>{"cpp/density_n10_cpp.sk", "java/density_n0_java.sk"}));
  }
  auto one = ImportTckSnapshots((root_ / "serialization_test_data" / "java_generated_files").string(), CompiledFamilies());
  ASSERT_TRUE(one.ok()) << one.status();
  EXPECT_EQ(one->cases.size(), 1u);
}

TEST_F(TckImportTest, ADirectoryWithoutSnapshotsIsAnError) {
  fs::remove_all(root_ / "serialization_test_data");
  auto tck = ImportTckSnapshots(root_.string(), CompiledFamilies());
  ASSERT_FALSE(tck.ok());
  EXPECT_NE(tck.status().message().find("serialization_test_data layout"), std::string::npos);
  EXPECT_FALSE(ImportTckSnapshots((root_ / "nothing").string(), CompiledFamilies()).ok());
}

}  // namespace
}  // namespace dsconform
