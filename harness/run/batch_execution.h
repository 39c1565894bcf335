#ifndef DSCONFORM_HARNESS_RUN_BATCH_EXECUTION_H_
#define DSCONFORM_HARNESS_RUN_BATCH_EXECUTION_H_

#include <optional>
#include <string>
#include <vector>

#include "harness/engine/engine.h"
#include "harness/run/runner.h"

namespace dsconform {

// What one engine produced for one stage: observations, or why there are none.
struct StageOutcome {
  std::optional<Observations> observations;
  std::string failure;      // the engine failed as a whole (Status message)
  bool unsupported = false;  // the engine does not do this family, or this stage
  std::string unsupported_reason;  // when the engine said why
};

// Everything a batch produced, indexed [case][engine] for the first stage and
// [case][writer][reader] for cross stages.
struct BatchOutcome {
  std::vector<std::vector<StageOutcome>> first;
  std::vector<std::vector<std::vector<StageOutcome>>> cross;
};

// Runs `stages` on one engine: outcomes[i] receives what stages[i] gave. Stages
// of a family the engine does not run are unsupported without reaching it.
void RunStagesOn(Engine& engine, const std::vector<PreparedStage>& stages, const std::vector<StageOutcome*>& outcomes);

// `base` (the cross stage of `c`, prepared) over the images one writer's first
// stage wrote; none when the case has no cross stage or the writer wrote none
// of them (it threw).
std::optional<PreparedStage> CrossStageOf(const Case& c, const PreparedStage& base, const StageOutcome& written);

// Runs the first stage of every case on every engine (item tapes generated
// once per case and shared, from `tapes` where it has them), then every cross
// stage: each engine's images read by every engine.
BatchOutcome ExecuteBatch(const std::vector<IndexedCase>& batch, EngineSet& engines, TapeCache* tapes = nullptr);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_BATCH_EXECUTION_H_
