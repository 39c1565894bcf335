#include "frontends/cli/case_selection.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "sketches/compiled_families.h"

namespace dsconform {
namespace {

const Suite& SuiteNamed(const std::string& name) {
  auto suites = SelectSuites({name});
  EXPECT_TRUE(suites.ok()) << suites.status();
  return *suites->front();
}

// Every case of `store` as its JSON form, in order.
std::vector<std::string> Unpacked(const CaseStore& store) {
  std::vector<std::string> out;
  for (size_t i = 0; i < store.size(); ++i) {
    auto c = store.Unpack(i);
    EXPECT_TRUE(c.ok()) << c.status();
    if (c.ok()) out.push_back(CaseToJson(*c).dump());
  }
  return out;
}

// Suites made from recipes on every core keep the cases a suite generates whole, in its order.
TEST(SelectCases, CasesMadeFromRecipesAreTheGeneratedOnesInOrder) {
  for (const std::string name : {"hll.accuracy_unions", "kll.accuracy", "req.accuracy", "theta.accuracy"}) {
    SCOPED_TRACE(name);
    const Suite& suite = SuiteNamed(name);
    ASSERT_FALSE(suite.Recipes(SuiteScale::kSmoke).empty());
    auto made = SelectCases({name}, SuiteScale::kSmoke, {});
    ASSERT_TRUE(made.ok()) << made.status();
    const CaseStore generated(suite.Generate(SuiteScale::kSmoke));
    ASSERT_GT(generated.size(), 1u);
    EXPECT_EQ(Unpacked(*made), Unpacked(generated));
  }
}

TEST(SelectCases, CaseGlobsKeepTheCasesOfRecipesTheyMatch) {
  auto made = SelectCases({"hll.accuracy"}, SuiteScale::kSmoke, {"hll/accuracy/lgk=12/trial=1", "hll/nothing*"});
  ASSERT_FALSE(made.ok());
  EXPECT_NE(made.status().message().find("no case of the selected suites matches 'hll/nothing*'"), std::string::npos)
      << made.status();

  // Kept in the suite's order, whatever the order of the globs.
  made = SelectCases({"hll.accuracy"}, SuiteScale::kSmoke, {"hll/accuracy/lgk=12/trial=3", "*/lgk=12/trial=1"});
  ASSERT_TRUE(made.ok()) << made.status();
  ASSERT_EQ(made->size(), 2u);
  EXPECT_EQ(made->id(0), "hll/accuracy/lgk=12/trial=1");
  EXPECT_EQ(made->id(1), "hll/accuracy/lgk=12/trial=3");
}

// A suite without recipes (made whole) and one with them, selected together, keep the suites' order.
TEST(SelectCases, SuitesWithAndWithoutRecipesKeepTheirOrder) {
  ASSERT_TRUE(SuiteNamed("hll.matrix").Recipes(SuiteScale::kSmoke).empty());
  auto made = SelectCases({"hll.accuracy", "hll.matrix"}, SuiteScale::kSmoke, {});
  ASSERT_TRUE(made.ok()) << made.status();
  const size_t accuracy = SuiteNamed("hll.accuracy").Generate(SuiteScale::kSmoke).size();
  const size_t matrix = SuiteNamed("hll.matrix").Generate(SuiteScale::kSmoke).size();
  ASSERT_EQ(made->size(), accuracy + matrix);
  EXPECT_EQ(made->id(0).rfind("hll/accuracy/", 0), 0u) << made->id(0);
  EXPECT_EQ(made->id(accuracy).rfind("hll/accuracy/", 0), std::string::npos) << made->id(accuracy);
}

}  // namespace
}  // namespace dsconform
