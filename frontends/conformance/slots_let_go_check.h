#ifndef DSCONFORM_FRONTENDS_CONFORMANCE_SLOTS_LET_GO_CHECK_H_
#define DSCONFORM_FRONTENDS_CONFORMANCE_SLOTS_LET_GO_CHECK_H_

// The check every out-of-process port's test runs on its real engine: it lets go of the slots
// the harness names (docs/engine-protocol.md, "drops").
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/engine/engine.h"

namespace dsconform {

// The harness tells an engine which slots no later step names (the stage's "drops",
// PreparedStage::done_after); told to let go of one a step early, the engine no longer has it
// for the next step, which then fails, or is rejected, where it answered before.
inline void ExpectSlotsLetGoWhenTold(EngineFactory& factory) {
  const Case c = CaseBuilder("hll/drops", "hll.drops", "hll")
                     .Step("create", "a", {{"lg_k", 10}, {"type", "HLL_4"}})
                     .Step("query", "a", {{"queries", {"estimate"}}, {"as", "first"}})
                     .Step("query", "a", {{"queries", {"estimate"}}, {"as", "second"}})
                     .Build();
  PreparedStage stage = PrepareStage(c, c.ops);
  ASSERT_EQ(stage.done_after.size(), 3u);
  EXPECT_EQ(stage.done_after[2], std::vector<std::string>{"a"});
  auto engine = factory.Create();
  ASSERT_TRUE(engine.ok()) << engine.status();
  auto kept = (*engine)->Run(absl::MakeConstSpan(&stage, 1));
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_NE((*kept)[0].Find("second.estimate"), nullptr);
  stage.done_after = {{}, {"a"}, {}};
  auto dropped = (*engine)->Run(absl::MakeConstSpan(&stage, 1));
  // The next step finds no slot a: the stage ends in that step's error, or is rejected whole.
  if (dropped.ok()) {
    EXPECT_EQ((*dropped)[0].Find("second.estimate"), nullptr);
  }
}

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CONFORMANCE_SLOTS_LET_GO_CHECK_H_
