#include "engines/go/go_engine_spec.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

namespace fs = std::filesystem;

// A <build>/go with fake engine programs for the given versions.
class FakeGoBuilds : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) / ("go-" + std::to_string(getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "go");
  }
  void TearDown() override { fs::remove_all(root_); }

  PortEngineInstall Install() const { return GoEngineInstall((root_ / "go").string(), "0.2.0"); }

  void AddVersion(const std::string& v) {
    const fs::path bin = root_ / "go" / v;
    fs::create_directories(bin);
    std::ofstream(bin / "dsconform-go-engine") << "#!/bin/sh\n";
    fs::permissions(bin / "dsconform-go-engine", fs::perms::owner_all);
  }

  fs::path root_;
};

TEST_F(FakeGoBuilds, GoMeansTheDefaultVersionWhenItIsBuilt) {
  AddVersion("0.1.0");
  AddVersion("0.2.0");
  auto spec = ParseGoEngineSpec("go", Install());
  ASSERT_TRUE(spec.ok() && spec->has_value()) << spec.status();
  EXPECT_EQ((*spec)->command,
            std::vector<std::string>{(root_ / "go/0.2.0/dsconform-go-engine").string()});
  EXPECT_EQ((*spec)->expected_name, "go@0.2.0");
}

TEST_F(FakeGoBuilds, GoAtAVersionOrASourceTreeLabel) {
  AddVersion("0.1.0");
  AddVersion("v0.2.0-5-g04c9a84");
  auto spec = ParseGoEngineSpec("go@v0.2.0-5-g04c9a84", Install());
  ASSERT_TRUE(spec.ok() && spec->has_value()) << spec.status();
  EXPECT_EQ((*spec)->expected_name, "go@v0.2.0-5-g04c9a84");
  auto several = ParseGoEngineSpec("go", Install());
  EXPECT_FALSE(several.ok());
  EXPECT_TRUE(absl::StrContains(several.status().message(), "several versions")) << several.status();
}

TEST_F(FakeGoBuilds, AVersionNotBuiltSaysHowToBuildIt) {
  auto missing = ParseGoEngineSpec("go@0.1.0", Install());
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(absl::StrContains(missing.status().message(), "-DDATASKETCHES_GO_VERSION=0.1.0"))
      << missing.status();
  auto none = ParseGoEngineSpec("go", Install());
  ASSERT_FALSE(none.ok());
  EXPECT_TRUE(absl::StrContains(none.status().message(), "go: not set up")) << none.status();
}

TEST_F(FakeGoBuilds, OtherSpecsAreNotTheGoEngines) {
  for (const char* s : {"python", "golang", "gopher", "cpp", "process:go"}) {
    auto spec = ParseGoEngineSpec(s, Install());
    ASSERT_TRUE(spec.ok()) << s;
    EXPECT_FALSE(spec->has_value()) << s;
  }
}

}  // namespace
}  // namespace dsconform
