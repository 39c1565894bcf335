// Every engine wing implements the steps it declares: each declared step is a
// step of its family's vocabulary, and some case of the family that uses it
// runs through the engine without the engine calling the step unsupported.
// The cases: the smoke slice of the family's suites (a larger scale for a step
// the smoke slice lacks, the example of its vocabulary for a step no suite
// uses), run as the runner runs them, beside a second engine whose images the
// cross stages read (java-direct reads CPC images it cannot make).
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "frontends/cli/engine_catalog.h"
#include "gtest/gtest.h"
#include "harness/engine/engine.h"
#include "harness/family/case_validation.h"
#include "harness/run/batch_execution.h"
#include "sketches/compiled_families.h"

namespace dsconform {
namespace {

// java@6.2.0: the legacy Java engine (java-bridge/legacy/), out of process on JDK 17.
constexpr const char* kSpecs[] = {"cpp", "java", "java-direct", "java@6.2.0", "python", "rust", "go"};

// The engines to check: whatever of kSpecs this build can run.
std::vector<std::string> EngineSpecs() {
  std::vector<std::string> specs;
  for (const char* spec : kSpecs) {
    EngineRequest request;
    request.specs = {spec};
    if (ResolveEngines(request).ok()) specs.push_back(spec);
  }
  return specs;
}

std::unique_ptr<Engine> Make(const std::string& spec) {
  EngineRequest request;
  request.specs = {spec};
  auto factories = ResolveEngines(request);
  if (!factories.ok()) return nullptr;
  auto engine = (*factories)[0]->Create();
  return engine.ok() ? std::move(*engine) : nullptr;
}

bool Uses(const Case& c, const std::string& step) {
  for (const std::vector<Op>* ops : {&c.ops, c.cross ? &c.cross->ops : nullptr})
    if (ops != nullptr)
      for (const Op& op : *ops)
        if (op.op == step) return true;
  return false;
}

// The cases that exercise `steps` of `family`: its smoke slice, then, for each step the smoke
// slice lacks, a few cases of the larger scales or its vocabulary's example.
std::vector<Case> CasesFor(const Family& family, const std::set<std::string>& steps) {
  std::vector<Case> cases;
  for (const Suite* suite : family.suites())
    for (Case& c : suite->Generate(SuiteScale::kSmoke)) cases.push_back(std::move(c));
  for (const auto& step : steps) {
    bool used = false;
    for (const Case& c : cases) used = used || Uses(c, step);
    for (SuiteScale scale : {SuiteScale::kReduced, SuiteScale::kFull})
      for (const Suite* suite : family.suites()) {
        if (used) break;
        for (Case& c : suite->Generate(scale))
          if (!used && Uses(c, step)) {
            cases.push_back(std::move(c));
            used = true;
          }
      }
    const StepSpec* spec = family.vocabulary().FindStep(step);
    if (used || spec == nullptr || spec->example.empty()) continue;
    nlohmann::json program = {{"id", absl::StrCat(family.name(), "/example/", step)},
                              {"suite", family.name() + ".example"},
                              {"family", family.name()},
                              {"ops", nlohmann::json(spec->example)}};
    auto example = CaseFromJson(program);
    EXPECT_TRUE(example.ok()) << example.status();
    if (!example.ok()) continue;
    EXPECT_TRUE(ValidateCase(*example, CompiledFamilies()).ok()) << ValidateCase(*example, CompiledFamilies());
    cases.push_back(std::move(*example));
  }
  return cases;
}

class DeclaredSteps : public ::testing::TestWithParam<std::string> {};

TEST_P(DeclaredSteps, EveryDeclaredStepIsInTheVocabularyAndRuns) {
  EngineSet engines;
  engines.push_back(Make(GetParam()));
  ASSERT_NE(engines[0], nullptr) << GetParam();
  // The writer of the images its cross stages read: another engine of the build.
  for (const char* spec : kSpecs)
    if (spec != GetParam() && engines.size() == 1)
      if (auto writer = Make(spec)) engines.push_back(std::move(writer));
  ASSERT_EQ(engines.size(), 2u) << "no second engine to write images";
  Engine& engine = *engines[0];
  const Capabilities& declared = engine.capabilities();
  ASSERT_FALSE(declared.empty()) << engine.name() << " declares no family";

  for (const auto& [family_name, steps] : declared) {
    const Family* family = CompiledFamilies().Find(family_name);
    ASSERT_NE(family, nullptr) << engine.name() << " declares family " << family_name << ", which has no folder";
    EXPECT_FALSE(steps.empty()) << engine.name() << " states no steps for " << family_name;
    for (const auto& step : steps)
      EXPECT_NE(family->vocabulary().FindStep(step), nullptr)
          << engine.name() << " declares " << family_name << "." << step << ", a step of no vocabulary";

    const std::vector<Case> cases = CasesFor(*family, steps);
    std::vector<IndexedCase> batch;
    for (size_t i = 0; i < cases.size(); ++i) batch.push_back({static_cast<int64_t>(i), &cases[i]});
    const BatchOutcome outcome = ExecuteBatch(batch, engines);

    for (const auto& step : steps) {
      bool used = false, ran = false;
      std::vector<std::string> answers;  // why it did not run, case by case (the first few)
      for (size_t i = 0; i < cases.size() && !ran; ++i) {
        // This engine's first stage, and its cross stages on its own images and the writer's.
        std::vector<std::pair<const StageOutcome*, const std::vector<Op>*>> stages = {
            {&outcome.first[i][0], &cases[i].ops}};
        if (cases[i].cross)
          for (size_t w = 0; w < engines.size(); ++w) stages.push_back({&outcome.cross[i][w][0], &cases[i].cross->ops});
        for (const auto& [stage, ops] : stages) {
          for (const Op& op : *ops) {
            if (op.op != step) continue;
            used = true;
            if (!stage->observations) {
              if (answers.size() < 3) answers.push_back(absl::StrCat(cases[i].id, ": ", stage->failure, stage->unsupported_reason));
              continue;
            }
            bool unsupported = false;
            for (const std::string& slot : {op.sketch, op.Str("as")}) {
              const Value* v = stage->observations->Find(absl::StrCat(slot, ".", step));
              if (v != nullptr && v->kind == Value::Kind::kUnsupported) {
                unsupported = true;
                if (answers.size() < 3) answers.push_back(absl::StrCat(cases[i].id, ": ", slot, ".", step, " ", v->Summary()));
              }
            }
            ran = ran || !unsupported;
          }
        }
      }
      EXPECT_TRUE(used) << family_name << ": no case of its suites uses the declared step " << step
                        << ", and its vocabulary gives no example";
      EXPECT_TRUE(ran || !used) << engine.name() << " declares " << family_name << "." << step
                                << " but ran it in none of its cases: " << absl::StrJoin(answers, "; ");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Engines, DeclaredSteps, ::testing::ValuesIn(EngineSpecs()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(DeclaredSteps);

}  // namespace
}  // namespace dsconform
