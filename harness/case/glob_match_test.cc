// Shell-style globs over case ids, fields and messages.
#include "harness/case/glob_match.h"

#include <random>
#include <string>

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

// The plain definition, by recursion: what GlobMatch's ends-first search must agree with.
bool ByDefinition(const char* p, const char* t) {
  if (*p == '\0') return *t == '\0';
  if (*p == '*') return ByDefinition(p + 1, t) || (*t != '\0' && ByDefinition(p, t + 1));
  return *t != '\0' && (*p == '?' || *p == *t) && ByDefinition(p + 1, t + 1);
}

TEST(GlobMatch, AgreesWithTheDefinitionOnRandomPatternsAndTexts) {
  // Few letters, so that heads, tails and middles often match in part; '*' in texts too.
  std::mt19937 rng(20261207);
  const std::string pattern_chars = "ab.*?*", text_chars = "ab.*";
  auto random_string = [&](const std::string& chars, int max_length) {
    std::string s(std::uniform_int_distribution<int>(0, max_length)(rng), ' ');
    for (char& c : s) c = chars[std::uniform_int_distribution<size_t>(0, chars.size() - 1)(rng)];
    return s;
  };
  int matched = 0;
  for (int i = 0; i < 200000; ++i) {
    const std::string pattern = random_string(pattern_chars, 7), text = random_string(text_chars, 9);
    const bool want = ByDefinition(pattern.c_str(), text.c_str());
    ASSERT_EQ(GlobMatch(pattern, text), want) << "pattern '" << pattern << "' text '" << text << "'";
    matched += want;
  }
  EXPECT_GT(matched, 10000);  // both answers were tried often
}

}  // namespace
}  // namespace dsconform
