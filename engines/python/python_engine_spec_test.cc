#include "engines/python/python_engine_spec.h"

#include <filesystem>
#include <fstream>

#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

namespace fs = std::filesystem;

// A venv root with fake interpreters for the given versions.
class FakeVenvs : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) / ("venvs-" + std::to_string(getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
    install_.venv_root = (root_ / "python-venv").string();
    install_.script = (root_ / "engine.py").string();
    install_.default_version = "5.2.0";
    std::ofstream(install_.script) << "# engine\n";
  }
  void TearDown() override { fs::remove_all(root_); }

  void AddVersion(const std::string& v) {
    const fs::path bin = fs::path(install_.venv_root) / v / "bin";
    fs::create_directories(bin);
    std::ofstream(bin / "python3") << "#!/bin/sh\n";
    fs::permissions(bin / "python3", fs::perms::owner_all);
  }

  fs::path root_;
  PythonEngineInstall install_;
};

TEST_F(FakeVenvs, PythonMeansTheDefaultVersionWhenItIsSetUp) {
  AddVersion("5.1.0");
  AddVersion("5.2.0");
  auto spec = ParsePythonEngineSpec("python", install_);
  ASSERT_TRUE(spec.ok()) << spec.status();
  ASSERT_TRUE(spec->has_value());
  EXPECT_EQ((*spec)->command,
            (std::vector<std::string>{install_.venv_root + "/5.2.0/bin/python3", "-I", install_.script}));
  EXPECT_EQ((*spec)->expected_name, "python@5.2.0");
}

TEST_F(FakeVenvs, PythonMeansTheOnlyVersionSetUp) {
  AddVersion("5.0.2");
  auto spec = ParsePythonEngineSpec("python", install_);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ((*spec)->expected_name, "python@5.0.2");
}

TEST_F(FakeVenvs, PythonAtAVersionNeedsItsVenv) {
  AddVersion("5.2.0");
  auto spec = ParsePythonEngineSpec("python@5.2.0", install_);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ((*spec)->command[0], install_.venv_root + "/5.2.0/bin/python3");

  auto missing = ParsePythonEngineSpec("python@5.1.0", install_);
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(absl::StrContains(missing.status().message(),
                                "DSCONFORM_BUILD_DIR=" + root_.string() +
                                    " DATASKETCHES_PYTHON_VERSION=5.1.0 scripts/python-engine-setup"))
      << missing.status();
}

TEST_F(FakeVenvs, PythonWithoutAnyVenvSaysHowToSetItUp) {
  auto spec = ParsePythonEngineSpec("python", install_);
  ASSERT_FALSE(spec.ok());
  EXPECT_TRUE(absl::StrContains(spec.status().message(), "python: not set up")) << spec.status();
  EXPECT_TRUE(absl::StrContains(spec.status().message(), "scripts/setup")) << spec.status();
}

TEST_F(FakeVenvs, OtherSpecsAreNotThePythonEngines) {
  for (const char* s : {"cpp", "java@9.0.0", "process:/bin/true", "pythonic"}) {
    auto spec = ParsePythonEngineSpec(s, install_);
    ASSERT_TRUE(spec.ok()) << s;
    EXPECT_FALSE(spec->has_value()) << s;
  }
}

}  // namespace
}  // namespace dsconform
