#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_BATCH_BUDGET_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_BATCH_BUDGET_H_

#include <cstddef>

#include "absl/time/time.h"

namespace dsconform {

// How long an engine process may take to answer a batch before the harness gives up on it, kills
// it and runs the batch's stages one at a time, each within the case timeout.
//
// An engine answers a batch as a whole, so a stage that hangs shows only as a batch that does not
// end. Giving a batch of n stages n case timeouts made one hang in a batch of 64 cost 32 minutes
// before the hung stage was even looked for. The budget is instead one case timeout past what the
// batch should take at the slowest pace per stage this engine has shown, with room for a batch of
// heavier stages (kMargin). A batch that is merely slower than that loses nothing: its stages run
// again one at a time, each with its own case timeout.
class BatchBudget {
 public:
  // A batch may take this many times the slowest pace seen, on top of one case timeout.
  static constexpr int kMargin = 4;

  explicit BatchBudget(absl::Duration case_timeout) : case_timeout_(case_timeout) {}

  // The time a batch of `stages` stages may take: one case timeout past kMargin times what it
  // would take at the slowest pace seen, and never more than a case timeout per stage.
  absl::Duration For(size_t stages) const;

  // A batch of `stages` stages was answered, in `took`.
  void Answered(size_t stages, absl::Duration took);

 private:
  absl::Duration case_timeout_;
  absl::Duration slowest_pace_ = absl::ZeroDuration();  // per stage, over the batches answered
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_BATCH_BUDGET_H_
