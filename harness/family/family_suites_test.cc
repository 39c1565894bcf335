// What every family's suites promise, checked for each compiled family: every
// case valid, its id unique across all families (ids name cases in records,
// expectations and `repro`), in its suite and family, and the same when
// generated again.
#include <map>
#include <set>
#include <string>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "harness/case/case_program.h"
#include "harness/case/case_store.h"
#include "harness/family/case_validation.h"
#include "sketches/compiled_families.h"

namespace dsconform {
namespace {

class FamilySuites : public testing::TestWithParam<std::string> {
 protected:
  const Family& family() const { return *CompiledFamilies().Find(GetParam()); }
};

TEST_P(FamilySuites, EveryCaseIsValidUniqueAndDeterministic) {
  ASSERT_FALSE(family().suites().empty());
  for (const Suite* suite : family().suites()) {
    EXPECT_TRUE(absl::StartsWith(suite->name(), family().name() + ".")) << suite->name();
    for (SuiteScale scale : {SuiteScale::kSmoke, SuiteScale::kReduced}) {
      const auto cases = suite->Generate(scale);
      EXPECT_FALSE(cases.empty()) << suite->name();
      std::set<std::string> ids;
      for (const auto& c : cases) {
        const absl::Status valid = ValidateCase(c, CompiledFamilies());
        ASSERT_TRUE(valid.ok()) << c.id << ": " << valid;
        EXPECT_TRUE(ids.insert(c.id).second) << "duplicate id " << c.id;
        EXPECT_EQ(c.suite, suite->name());
        EXPECT_EQ(c.family, family().name());
      }
      const auto again = suite->Generate(scale);
      ASSERT_EQ(again.size(), cases.size());
      for (size_t i = 0; i < cases.size(); ++i) EXPECT_EQ(CaseToJson(again[i]), CaseToJson(cases[i]));
    }
  }
}

// A run holds its cases packed (harness/case/case_store.h) and runs what unpacks: the same
// program, whatever the order of a step's arguments.
TEST_P(FamilySuites, EveryCaseUnpacksToItsProgram) {
  for (const Suite* suite : family().suites()) {
    const auto cases = suite->Generate(SuiteScale::kReduced);
    const CaseStore store(cases);
    ASSERT_EQ(store.size(), cases.size());
    for (size_t i = 0; i < cases.size(); ++i) {
      EXPECT_EQ(store.id(i), cases[i].id);
      auto unpacked = store.Unpack(i);
      ASSERT_TRUE(unpacked.ok()) << unpacked.status();
      EXPECT_EQ(nlohmann::json(CaseToJson(*unpacked)), nlohmann::json(CaseToJson(cases[i]))) << cases[i].id;
      EXPECT_TRUE(ValidateCase(*unpacked, CompiledFamilies()).ok()) << cases[i].id;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Compiled, FamilySuites, testing::ValuesIn(CompiledFamilies().names()),
                         [](const testing::TestParamInfo<std::string>& info) { return info.param; });

// Suites of different families never share an id, at the scale the runs use by default.
TEST(FamilySuites, IdsAreUniqueAcrossFamilies) {
  std::map<std::string, std::string> owner;
  for (const Family* family : CompiledFamilies().all())
    for (const Suite* suite : family->suites())
      for (const auto& c : suite->Generate(SuiteScale::kReduced)) {
        const auto [it, fresh] = owner.emplace(c.id, suite->name());
        EXPECT_TRUE(fresh || it->second == suite->name()) << c.id << " in " << suite->name() << " and " << it->second;
      }
}

}  // namespace
}  // namespace dsconform
