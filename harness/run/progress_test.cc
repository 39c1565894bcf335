#include "harness/run/progress.h"

#include <cstdio>
#include <string>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

std::string Printed(std::FILE* f) {
  std::rewind(f);
  std::string s;
  char buf[256];
  while (size_t n = std::fread(buf, 1, sizeof buf, f)) s.append(buf, n);
  return s;
}

TEST(Progress, PlainLinesGiveCasesAndTheShareOfTheWork) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  Progress p(40, Progress::Style::kPlain, f, std::chrono::seconds(0));
  p.Update(4, 0.5);  // the four largest cases were half the run
  p.Finish(40);
  const std::string out = Printed(f);
  std::fclose(f);
  EXPECT_NE(out.find("4/40 cases, 50% of the work, about "), std::string::npos) << out;
  EXPECT_NE(out.find("40/40 cases in "), std::string::npos) << out;
}

TEST(Progress, NoneStylePrintsNothing) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  Progress p(2, Progress::Style::kNone, f, std::chrono::seconds(0));
  p.Update(1, 0.5);
  p.Finish(2);
  EXPECT_EQ(Printed(f), "");
  std::fclose(f);
}

}  // namespace
}  // namespace dsconform
