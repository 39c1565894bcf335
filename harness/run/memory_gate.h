#ifndef DSCONFORM_HARNESS_RUN_MEMORY_GATE_H_
#define DSCONFORM_HARNESS_RUN_MEMORY_GATE_H_

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace dsconform {

// Admits the workers' batches within a memory budget: a batch enters while what is running and
// it together stay within it, or when nothing runs (a batch larger than the budget was refused
// before the run). A worker whose batch does not fit waits for the others to finish theirs.
class MemoryGate {
 public:
  explicit MemoryGate(int64_t budget_bytes) : budget_(budget_bytes) {}

  void Enter(int64_t bytes);
  void Leave(int64_t bytes);

 private:
  const int64_t budget_;
  std::mutex mu_;
  std::condition_variable left_;
  int64_t running_ = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_MEMORY_GATE_H_
