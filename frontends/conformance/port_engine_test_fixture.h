#ifndef DSCONFORM_FRONTENDS_CONFORMANCE_PORT_ENGINE_TEST_FIXTURE_H_
#define DSCONFORM_FRONTENDS_CONFORMANCE_PORT_ENGINE_TEST_FIXTURE_H_

// What the tests of every out-of-process port engine (rust, go) start from: the
// engine its spec names, or the test skipped saying why the build has none; and
// one stage run as the runner runs it.
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

  std::unique_ptr<EngineFactory> factory_;
};

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CONFORMANCE_PORT_ENGINE_TEST_FIXTURE_H_
