// Shell-style globs over case ids, fields and messages.
#include "harness/case/glob_match.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

TEST(GlobMatch, StarsAndQuestionMarksOverTheWholeText) {
  EXPECT_TRUE(GlobMatch("hll/*/lgk=1?", "hll/sketch/lgk=12"));
  EXPECT_TRUE(GlobMatch("*.compact", "u0_HLL_4.compact"));
  EXPECT_FALSE(GlobMatch("*.compact", "u0_HLL_4.compact_size"));
  EXPECT_TRUE(GlobMatch("*", ""));
  EXPECT_FALSE(GlobMatch("?", ""));
}

// A text may hold '*' itself: Go names its error types "*errors.errorString".
TEST(GlobMatch, APatternStarIsAWildcardWhereTheTextHasAStar) {
  EXPECT_TRUE(GlobMatch("*not implemented*", "*errors.errorString: not implemented cas 16,18"));
  EXPECT_TRUE(GlobMatch("*errors.errorString: *", "*errors.errorString: not implemented"));
  EXPECT_FALSE(GlobMatch("*not implemented*", "*errors.errorString: index out of range"));
}

}  // namespace
}  // namespace dsconform
