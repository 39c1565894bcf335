#include "reports/markup_escape.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

TEST(MarkupEscapeTest, EscapesMarkupCharactersInTextAndAttributes) {
  EXPECT_EQ(EscapeMarkupText("<a href='x'>&\""), "&lt;a href='x'&gt;&amp;\"");
  EXPECT_EQ(EscapeMarkupAttribute("<a href='x'>&\""), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;");
}

TEST(MarkupEscapeTest, ControlBytesAndInvalidUtf8BecomeVisibleEscapes) {
  EXPECT_EQ(VisibleText(std::string("a\x01" "b\xff" "c\x7f" "d\0e", 9), true), "a\\x01b\\xffc\\x7fd\\x00e");
  EXPECT_EQ(VisibleText("\xc0\xaf", true), "\\xc0\\xaf");               // overlong '/'
  EXPECT_EQ(VisibleText("\xed\xa0\x80", true), "\\xed\\xa0\\x80");       // a surrogate
  EXPECT_EQ(VisibleText("\xe6\x97", true), "\\xe6\\x97");               // cut short
  EXPECT_EQ(VisibleText("\xef\xbf\xbe", true), "\\ufffe");              // not a character in XML
  EXPECT_EQ(VisibleText("\xc2\x85", true), "\\u0085");                  // C1 control
}

TEST(MarkupEscapeTest, KeepsNonAsciiText) {
  const std::string text = "naïve-日本語 😀 ü";
  EXPECT_EQ(VisibleText(text, false), text);
  EXPECT_EQ(EscapeMarkupText(text), text);
}

TEST(MarkupEscapeTest, NewlinesKeptInTextEscapedInOneLineAndAttributes) {
  EXPECT_EQ(VisibleText("a\nb\tc\rd", true), "a\nb\tc\rd");
  EXPECT_EQ(VisibleText("a\nb\tc\rd", false), "a\\nb\\tc\\rd");
  EXPECT_EQ(EscapeMarkupText("a\nb\rc"), "a\nb&#13;c");
  EXPECT_EQ(EscapeMarkupAttribute("a\nb\tc"), "a&#10;b&#9;c");
}

}  // namespace
}  // namespace dsconform
