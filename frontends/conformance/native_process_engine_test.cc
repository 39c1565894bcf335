// dsconform-engine (engines/native/dsconform_engine_main.cc) against the
// in-process native engine it wraps: the process boundary must change nothing.
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/engine/process/process_engine.h"
#include "harness/engine/process/process_engine_spec.h"
#include "harness/family/family.h"
#include "sketches/compiled_families.h"
#include "engines/native/cpp_engine.h"

namespace dsconform {
namespace {

std::string Describe(const Value& v) {
  return absl::StrCat(ValueKindName(v.kind), " ", v.Summary(),
                      v.kind == Value::Kind::kError ? " " + v.error_class : "");
}

TEST(NativeProcessEngine, GivesTheSameObservationsAsTheInProcessEngine) {
  auto spec = ParseProcessEngineSpec(std::string("cpp@process=") + DSCONFORM_ENGINE_PROGRAM);
  ASSERT_TRUE(spec.ok() && spec->has_value()) << spec.status();
  auto remote_factory = MakeProcessEngineFactory(**spec);
  ASSERT_TRUE(remote_factory.ok()) << remote_factory.status();
  EXPECT_EQ((*remote_factory)->name(), "cpp@process");
  auto remote = (*remote_factory)->Create();
  auto local = MakeCppEngineFactory()->Create();
  ASSERT_TRUE(remote.ok() && local.ok());

  std::vector<Case> cases;
  for (const Suite* suite : CompiledFamilies().Find("hll")->suites())
    for (Case& c : suite->Generate(SuiteScale::kSmoke)) cases.push_back(std::move(c));
  std::vector<PreparedStage> stages;
  for (const Case& c : cases) stages.push_back(PrepareStage(c, c.ops));
  // Batches of 16, as the runner would send them.
  size_t fields = 0;
  for (size_t begin = 0; begin < stages.size(); begin += 16) {
    auto batch = absl::MakeConstSpan(stages).subspan(begin, 16);
    auto a = (*local)->Run(batch);
    auto b = (*remote)->Run(batch);
    ASSERT_TRUE(a.ok()) << a.status();
    ASSERT_TRUE(b.ok()) << b.status();
    ASSERT_EQ(a->size(), b->size());
    for (size_t i = 0; i < a->size(); ++i) {
      const auto& fa = (*a)[i].fields;
      const auto& fb = (*b)[i].fields;
      const std::string& id = batch[i].source->id;
      ASSERT_EQ(fa.size(), fb.size()) << id;
      for (size_t k = 0; k < fa.size(); ++k) {
        EXPECT_EQ(fa[k].name, fb[k].name) << id;
        const Value &x = fa[k].value, &y = fb[k].value;
        EXPECT_TRUE(x.kind == y.kind && x.bits == y.bits && x.bytes == y.bytes && x.error_class == y.error_class)
            << id << " " << fa[k].name << ": " << Describe(x) << " vs " << Describe(y);
        ++fields;
      }
    }
  }
  EXPECT_GT(fields, 1000u);
}

}  // namespace
}  // namespace dsconform
