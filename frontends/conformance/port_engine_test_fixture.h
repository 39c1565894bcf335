#ifndef DSCONFORM_FRONTENDS_CONFORMANCE_PORT_ENGINE_TEST_FIXTURE_H_
#define DSCONFORM_FRONTENDS_CONFORMANCE_PORT_ENGINE_TEST_FIXTURE_H_

// What the tests of every out-of-process port engine (rust, go, the legacy Java
// releases) start from: the engine its spec names, or the test skipped saying why
// the build has none; one stage run as the runner runs it; and the smoke slice of
// its families against another engine, judged by the project's known differences.
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gtest/gtest.h"
#include "harness/engine/declared_steps.h"
#include "harness/engine/process/process_engine.h"
#include "harness/expect/known_differences.h"
#include "harness/record/record.h"
#include "harness/run/runner.h"
#include "sketches/compiled_families.h"

namespace dsconform {

class PortEngineTest : public ::testing::Test {
 protected:
  // Starts the engine of `spec` (a port's Parse<Port>EngineSpec of its bare name), or skips.
  void Start(const absl::StatusOr<std::optional<ProcessEngineSpec>>& spec, const std::string& port) {
    if (!spec.ok()) GTEST_SKIP() << "no " << port << " engine: " << spec.status().message();
    auto factory = MakeProcessEngineFactory(**spec);
    ASSERT_TRUE(factory.ok()) << factory.status();
    factory_ = std::move(*factory);
  }

  // Runs one stage as the runner does (undeclared steps answered by the harness).
  static Observations Run(EngineFactory& factory, const Case& c, const std::vector<Op>& ops,
                          std::map<std::string, std::string> images = {}) {
    auto engine = factory.Create();
    EXPECT_TRUE(engine.ok()) << engine.status();
    if (!engine.ok()) return Observations();
    PreparedStage stage = PrepareStage(c, ops);
    stage.images = std::move(images);
    auto out = RunDeclaredSteps(**engine, absl::MakeConstSpan(&stage, 1));
    EXPECT_TRUE(out.ok()) << out.status();
    return out.ok() && out->size() == 1 ? (*out)[0] : Observations();
  }
  Observations RunOne(const Case& c) { return Run(*factory_, c, c.ops); }

  // Runs the smoke slice of `families` on `other` (the reference) and this engine, and expects
  // every record equal, known (a rule of sketches/ covers it) or unsupported, most of them equal.
  void ExpectSmokeAgreement(EngineFactory& other, const std::vector<std::string>& families, int min_equal) {
    auto known = LoadKnownDifferences({DSCONFORM_SOURCE_DIR "/sketches"});
    ASSERT_TRUE(known.ok()) << known.status();
    std::vector<Case> cases;
    for (const std::string& family : families)
      for (const Suite* suite : CompiledFamilies().Find(family)->suites())
        for (Case& c : suite->Generate(SuiteScale::kSmoke)) cases.push_back(std::move(c));
    std::vector<IndexedCase> indexed;
    for (size_t i = 0; i < cases.size(); ++i) indexed.push_back({static_cast<int64_t>(i), &cases[i]});
    auto workers = CreateEngines({&other, factory_.get()}, 1);
    ASSERT_TRUE(workers.ok()) << workers.status();
    RunOptions options;
    options.families = &CompiledFamilies();
    options.known_differences = &*known;
    struct Collecting : RecordSink {
      absl::Status Write(const std::vector<IndexedCase>&, std::vector<Record> batch) override {
        for (auto& r : batch) records.push_back(std::move(r));
        return absl::OkStatus();
      }
      std::vector<Record> records;
    } sink;
    auto stats = RunCases(indexed, *workers, options, sink, nullptr);
    ASSERT_TRUE(stats.ok()) << stats.status();
    std::map<std::string, int> verdicts;
    for (const Record& r : sink.records) {
      ++verdicts[VerdictName(r.verdict)];
      EXPECT_TRUE(r.verdict == Verdict::kEqual || r.verdict == Verdict::kKnown || r.verdict == Verdict::kUnsupported)
          << RecordToJson(r).dump(1);
    }
    for (const auto& [v, n] : verdicts) std::printf("%s: %d records\n", v.c_str(), n);
    EXPECT_GT(verdicts["equal"], min_equal);  // the bulk agrees outright
  }

  std::unique_ptr<EngineFactory> factory_;
};

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CONFORMANCE_PORT_ENGINE_TEST_FIXTURE_H_
