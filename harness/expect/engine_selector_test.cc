#include "harness/expect/engine_selector.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

EngineSelector Sel(const std::string& text) {
  auto s = EngineSelector::Parse(text);
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

TEST(EngineSelector, NamesKindsNotPinnedPairs) {
  const EngineSelector native = Sel("cpp|python");
  for (const char* e : {"cpp@5.2.0", "cpp@master", "cpp@5.2.0+corpus", "python@5.2.0", "cpp@6.0.0"})
    EXPECT_TRUE(native.Matches(e)) << e;
  EXPECT_FALSE(native.Matches("java@9.1.0"));
  EXPECT_FALSE(native.Matches("cpp-asan@5.2.0"));
}

TEST(EngineSelector, AGlobOverTheKindTellsJavaFromJavaDirect) {
  EXPECT_TRUE(Sel("java*").Matches("java-direct@9.1.0"));
  EXPECT_TRUE(Sel("java*").Matches("java@9.1.0"));
  EXPECT_FALSE(Sel("java").Matches("java-direct@9.1.0"));
  EXPECT_TRUE(Sel("java-direct").Matches("java-direct@9.0.0"));
}

TEST(EngineSelector, VersionsCompareAsNumbers) {
  const EngineSelector before = Sel("java*@<9.1");
  EXPECT_TRUE(before.Matches("java@9.0.0"));
  EXPECT_TRUE(before.Matches("java-direct@9.0.0"));
  EXPECT_FALSE(before.Matches("java@9.1.0"));
  EXPECT_FALSE(before.Matches("java@10.0.0"));  // not a string comparison: "10" < "9"
  const EngineSelector since = Sel("java@>=9.1.0");
  EXPECT_TRUE(since.Matches("java@9.1.0"));
  EXPECT_TRUE(since.Matches("java@9.2.0"));  // a new release needs no new rule
  EXPECT_TRUE(since.Matches("java@10.0"));
  EXPECT_FALSE(since.Matches("java@9.0.0"));
  EXPECT_TRUE(Sel("java@>=9.0,<9.1").Matches("java@9.0.2"));
  EXPECT_FALSE(Sel("java@>=9.0,<9.1").Matches("java@9.1.0"));
  EXPECT_TRUE(Sel("cpp@=5.2").Matches("cpp@5.2.0"));
}

TEST(EngineSelector, ABuildThatIsNoReleaseSatisfiesNoComparison) {
  EXPECT_FALSE(Sel("cpp@<6").Matches("cpp@master"));
  EXPECT_FALSE(Sel("cpp@>=5.2").Matches("cpp@master"));
  EXPECT_TRUE(Sel("cpp@master").Matches("cpp@master"));
  EXPECT_TRUE(Sel("cpp").Matches("cpp@master"));
}

TEST(EngineSelector, ACorpusRecordingIsTheVersionItRecorded) {
  EXPECT_TRUE(Sel("cpp@5.2.*").Matches("cpp@5.2.0+corpus"));
  EXPECT_TRUE(Sel("cpp@<=5.2.0").Matches("cpp@5.2.0+corpus"));
  EXPECT_FALSE(Sel("cpp@>5.2.0").Matches("cpp@5.2.0+corpus"));
}

TEST(EngineSelector, RefusesWhatItCannotMean) {
  EXPECT_FALSE(EngineSelector::Parse("@9.1").ok());
  EXPECT_FALSE(EngineSelector::Parse("cpp@").ok());
  auto bad = EngineSelector::Parse("cpp@>=master");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("compares release numbers"), std::string::npos) << bad.status();
}

}  // namespace
}  // namespace dsconform
