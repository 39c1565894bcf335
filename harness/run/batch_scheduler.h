#ifndef DSCONFORM_HARNESS_RUN_BATCH_SCHEDULER_H_
#define DSCONFORM_HARNESS_RUN_BATCH_SCHEDULER_H_

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "harness/run/case_memory.h"

namespace dsconform {

// Which batch a free worker runs next, and when, within a memory budget (this process's heap and
// the Java heap, each on its own; a budget of 0 or less bounds nothing).
//
// A single worker has nothing to balance and takes the earliest batch left (`earliest`): its
// batches run in case order, as in the serial pass of `dsconform bench`. Several take the
// costliest left, so that no worker is left alone with a big one at the end (each batch's records
// go to the sink as it finishes, so nothing waits on this order). A batch runs while the batches
// running and it together stay within the budget, or alone (a batch larger than the budget was
// refused before the run).
//
// When the costliest batch left does not fit beside the running ones, it waits for them, and a
// free worker meanwhile runs the costliest batch that fits beside both the running ones and the
// waiting one (with the others so run): so it never delays the waiting batch, and a worker does
// not sit idle holding a batch that cannot start (13% of two workers' time on a full CPC run).
class BatchScheduler {
 public:
  // costs[b] and held[b] of batch b; held may be empty (nothing counted).
  BatchScheduler(const std::vector<int64_t>& costs, const std::vector<CaseHeld>& held, CaseHeld budget);
  explicit BatchScheduler(const std::vector<int64_t>& costs) : BatchScheduler(costs, {}, CaseHeld{}) {}

  struct Taken {
    size_t batch = 0;
    double waited_seconds = 0;  // for memory, before it could start
  };
  // The batch to run, once it fits; nothing when every batch is taken. Thread-safe.
  std::optional<Taken> Take(bool earliest);
  // Batch b (from Take) has finished and holds nothing any more.
  void Done(size_t b);

 private:
  CaseHeld HeldOf(size_t b) const { return held_.empty() ? CaseHeld{} : held_[b]; }
  bool FitsBeside(const CaseHeld& running, int running_batches, size_t b) const;
  // Under mu_: the batch to start now, if any.
  std::optional<size_t> Choose(bool earliest);
  void Start(size_t b);

  const std::vector<CaseHeld> held_;
  const CaseHeld budget_;
  std::mutex mu_;
  std::condition_variable done_;
  std::vector<size_t> by_cost_;  // batch indices, costliest first (ties in batch order)
  std::vector<bool> taken_;
  size_t taken_count_ = 0;
  size_t next_by_cost_ = 0;      // no untaken batch before these positions
  size_t next_in_order_ = 0;
  CaseHeld running_;
  int running_batches_ = 0;
  // The costliest batch left while it waits for memory, and what the batches started meanwhile
  // (beside_of_[b]: the batch b was started beside) hold: it must fit beside them.
  std::optional<size_t> waiting_;
  CaseHeld beside_waiting_;
  std::vector<size_t> beside_of_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_BATCH_SCHEDULER_H_
