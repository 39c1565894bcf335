#include "engines/rust/rust_engine_spec.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

namespace fs = std::filesystem;

// A <build>/rust with fake engine programs for the given versions.
class FakeCargoBuilds : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) / ("rust-" + std::to_string(getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "rust");
  }
  void TearDown() override { fs::remove_all(root_); }

  PortEngineInstall Install() const { return RustEngineInstall((root_ / "rust").string(), "0.6.0"); }

  void AddVersion(const std::string& v) {
    const fs::path bin = root_ / "rust" / v / "target" / "release";
    fs::create_directories(bin);
    std::ofstream(bin / "dsconform-rust-engine") << "#!/bin/sh\n";
    fs::permissions(bin / "dsconform-rust-engine", fs::perms::owner_all);
  }

  fs::path root_;
};

TEST_F(FakeCargoBuilds, RustMeansTheDefaultVersionWhenItIsBuilt) {
  AddVersion("0.5.0");
  AddVersion("0.6.0");
  auto spec = ParseRustEngineSpec("rust", Install());
  ASSERT_TRUE(spec.ok() && spec->has_value()) << spec.status();
  EXPECT_EQ((*spec)->command,
            std::vector<std::string>{(root_ / "rust/0.6.0/target/release/dsconform-rust-engine").string()});
  EXPECT_EQ((*spec)->expected_name, "rust@0.6.0");
}

TEST_F(FakeCargoBuilds, RustAtAVersionOrASourceTreeLabel) {
  AddVersion("0.5.0");
  AddVersion("v0.6.0-12-gabcdef0");
  auto spec = ParseRustEngineSpec("rust@v0.6.0-12-gabcdef0", Install());
  ASSERT_TRUE(spec.ok() && spec->has_value()) << spec.status();
  EXPECT_EQ((*spec)->expected_name, "rust@v0.6.0-12-gabcdef0");
  auto several = ParseRustEngineSpec("rust", Install());
  EXPECT_FALSE(several.ok());
  EXPECT_TRUE(absl::StrContains(several.status().message(), "several versions")) << several.status();
}

TEST_F(FakeCargoBuilds, AVersionNotBuiltSaysHowToBuildIt) {
  auto missing = ParseRustEngineSpec("rust@0.5.0", Install());
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(absl::StrContains(missing.status().message(), "-DDATASKETCHES_RUST_VERSION=0.5.0"))
      << missing.status();
  auto none = ParseRustEngineSpec("rust", Install());
  ASSERT_FALSE(none.ok());
  EXPECT_TRUE(absl::StrContains(none.status().message(), "rust: not set up")) << none.status();
}

TEST_F(FakeCargoBuilds, OtherSpecsAreNotTheRustEngines) {
  for (const char* s : {"python", "rusty", "cpp", "process:rust"}) {
    auto spec = ParseRustEngineSpec(s, Install());
    ASSERT_TRUE(spec.ok()) << s;
    EXPECT_FALSE(spec->has_value()) << s;
  }
}

}  // namespace
}  // namespace dsconform
