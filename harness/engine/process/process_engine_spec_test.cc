#include "harness/engine/process/process_engine_spec.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

namespace fs = std::filesystem;

TEST(ProcessEngineSpec, ProcessSpecsGiveTheCommandLine) {
  auto spec = ParseProcessEngineSpec("process:/opt/go-engine,--fast,-v");
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ((*spec)->command, (std::vector<std::string>{"/opt/go-engine", "--fast", "-v"}));
  EXPECT_TRUE((*spec)->expected_name.empty());
  EXPECT_FALSE(ParseProcessEngineSpec("process:").ok());
}

TEST(ProcessEngineSpec, CppWithALabelAndAProgramIsASecondNativeBuild) {
  const std::string program = (fs::path(::testing::TempDir()) / ("dsconform-engine-" + std::to_string(getpid()))).string();
  std::ofstream(program) << "#!/bin/sh\n";
  fs::permissions(program, fs::perms::owner_all);
  auto spec = ParseProcessEngineSpec("cpp@pr-123=" + program);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ((*spec)->command, (std::vector<std::string>{program, "--label=pr-123"}));
  EXPECT_EQ((*spec)->expected_name, "cpp@pr-123");
  EXPECT_FALSE(ParseProcessEngineSpec("cpp@pr-123=/nonexistent/dsconform-engine").ok());
}

TEST(ProcessEngineSpec, OtherSpecsAreNotOurs) {
  for (const char* s : {"cpp", "cpp@5.2.0", "java", "java@9.0.0", "auto", "python", "python@5.2.0"}) {
    auto spec = ParseProcessEngineSpec(s);
    ASSERT_TRUE(spec.ok()) << s;
    EXPECT_FALSE(spec->has_value()) << s;
  }
}

}  // namespace
}  // namespace dsconform
