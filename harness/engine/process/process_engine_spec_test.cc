#include "harness/engine/process/process_engine_spec.h"

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
  auto spec = ParseProcessEngineSpec("python", install_);
  ASSERT_TRUE(spec.ok()) << spec.status();
  ASSERT_TRUE(spec->has_value());
  EXPECT_EQ((*spec)->command,
            (std::vector<std::string>{install_.venv_root + "/5.2.0/bin/python3", "-I", install_.script}));
  EXPECT_EQ((*spec)->expected_name, "python@5.2.0");
}

TEST_F(FakeVenvs, PythonMeansTheOnlyVersionSetUp) {
  AddVersion("5.0.2");
  auto spec = ParseProcessEngineSpec("python", install_);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ((*spec)->expected_name, "python@5.0.2");
}

TEST_F(FakeVenvs, PythonAtAVersionNeedsItsVenv) {
  AddVersion("5.2.0");
  auto spec = ParseProcessEngineSpec("python@5.2.0", install_);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ((*spec)->command[0], install_.venv_root + "/5.2.0/bin/python3");

  auto missing = ParseProcessEngineSpec("python@5.1.0", install_);
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(absl::StrContains(missing.status().message(),
                                "DSCONFORM_BUILD_DIR=" + root_.string() +
                                    " DATASKETCHES_PYTHON_VERSION=5.1.0 scripts/python-engine-setup"))
      << missing.status();
}

TEST_F(FakeVenvs, PythonWithoutAnyVenvSaysHowToSetItUp) {
  auto spec = ParseProcessEngineSpec("python", install_);
  ASSERT_FALSE(spec.ok());
  EXPECT_TRUE(absl::StrContains(spec.status().message(), "python: not set up")) << spec.status();
  EXPECT_TRUE(absl::StrContains(spec.status().message(), "scripts/setup")) << spec.status();
}

TEST_F(FakeVenvs, ProcessSpecsGiveTheCommandLine) {
  auto spec = ParseProcessEngineSpec("process:/opt/go-engine,--fast,-v", install_);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ((*spec)->command, (std::vector<std::string>{"/opt/go-engine", "--fast", "-v"}));
  EXPECT_TRUE((*spec)->expected_name.empty());
  EXPECT_FALSE(ParseProcessEngineSpec("process:", install_).ok());
}

TEST_F(FakeVenvs, CppWithALabelAndAProgramIsASecondNativeBuild) {
  const std::string program = (root_ / "dsconform-engine").string();
  std::ofstream(program) << "#!/bin/sh\n";
  fs::permissions(program, fs::perms::owner_all);
  auto spec = ParseProcessEngineSpec("cpp@pr-123=" + program, install_);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ((*spec)->command, (std::vector<std::string>{program, "--label=pr-123"}));
  EXPECT_EQ((*spec)->expected_name, "cpp@pr-123");
  EXPECT_FALSE(ParseProcessEngineSpec("cpp@pr-123=/nonexistent/dsconform-engine", install_).ok());
}

TEST_F(FakeVenvs, OtherSpecsAreNotOurs) {
  for (const char* s : {"cpp", "cpp@5.2.0", "java", "java@9.0.0", "auto"}) {
    auto spec = ParseProcessEngineSpec(s, install_);
    ASSERT_TRUE(spec.ok()) << s;
    EXPECT_FALSE(spec->has_value()) << s;
  }
}

}  // namespace
}  // namespace dsconform
