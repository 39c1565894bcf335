#ifndef DSCONFORM_HARNESS_RUN_BATCH_SCHEDULER_H_
#define DSCONFORM_HARNESS_RUN_BATCH_SCHEDULER_H_

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

namespace dsconform {

// Which batch a free worker runs next. With several workers the costliest left,
// so that no worker is left alone with a big one at the end (each batch's
// records go to the sink as it finishes, so nothing waits on this order). A
// single worker has nothing to balance and takes the earliest left
// (`earliest`): its batches run in case order, as in the serial pass of
// `dsconform bench`.
class BatchScheduler {
 public:
  explicit BatchScheduler(const std::vector<int64_t>& costs);

  // The batch to run, or nothing when every batch is taken. Thread-safe.
  std::optional<size_t> Take(bool earliest);

 private:
  std::mutex mu_;
  std::vector<size_t> by_cost_;  // batch indices, costliest first (ties in batch order)
  std::vector<bool> taken_;
  size_t next_by_cost_ = 0;      // no untaken batch before these positions
  size_t next_in_order_ = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_BATCH_SCHEDULER_H_
