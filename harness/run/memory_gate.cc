#include "harness/run/memory_gate.h"

namespace dsconform {

bool MemoryGate::Fits(CaseHeld held) const {
  if (batches_ == 0) return true;
  return (budget_.native <= 0 || running_.native + held.native <= budget_.native) &&
         (budget_.java <= 0 || running_.java + held.java <= budget_.java);
}

void MemoryGate::Enter(CaseHeld held) {
  std::unique_lock<std::mutex> lock(mu_);
  left_.wait(lock, [&] { return Fits(held); });
  running_ += held;
  ++batches_;
}

void MemoryGate::Leave(CaseHeld held) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    running_ -= held;
    --batches_;
  }
  left_.notify_all();
}

}  // namespace dsconform
