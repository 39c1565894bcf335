#ifndef DSCONFORM_HARNESS_RUN_MEMORY_GATE_H_
#define DSCONFORM_HARNESS_RUN_MEMORY_GATE_H_

#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "harness/run/case_memory.h"

namespace dsconform {

// Admits the workers' batches within a memory budget, this process's heap and the Java heap each
// on its own: a batch enters while what is running and it together stay within both, or when
// nothing runs (a batch larger than the budget was refused before the run). A worker whose batch
// does not fit waits for the others to finish theirs. A budget of 0 or less bounds nothing.
class MemoryGate {
 public:
  explicit MemoryGate(CaseHeld budget) : budget_(budget) {}

  // Returns how long it waited, in seconds.
  double Enter(CaseHeld held);
  void Leave(CaseHeld held);

 private:
  bool Fits(CaseHeld held) const;

  const CaseHeld budget_;
  std::mutex mu_;
  std::condition_variable left_;
  CaseHeld running_;
  int batches_ = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_MEMORY_GATE_H_
