#include "java-bridge/jvm_options.h"

#include <algorithm>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

bool Has(const std::vector<std::string>& args, const std::string& arg) {
  return std::find(args.begin(), args.end(), arg) != args.end();
}

TEST(JvmOptions, TheParallelCollectorUnlessTheCallerNamesOne) {
  JvmOptions o;
  EXPECT_TRUE(Has(o.ToArgs(), "-XX:+UseParallelGC"));
  o.extra = {"-XX:+UseG1GC", "-Dx=1"};
  const std::vector<std::string> args = o.ToArgs();
  EXPECT_FALSE(Has(args, "-XX:+UseParallelGC"));
  EXPECT_TRUE(Has(args, "-XX:+UseG1GC"));
  o.extra = {"-XX:+UseStringDeduplication"};  // an option, not a collector
  EXPECT_TRUE(Has(o.ToArgs(), "-XX:+UseParallelGC"));
}

}  // namespace
}  // namespace dsconform
