#include "harness/run/memory_gate.h"

#include <chrono>

namespace dsconform {

bool MemoryGate::Fits(CaseHeld held) const {
  if (batches_ == 0) return true;
  return (budget_.native <= 0 || running_.native + held.native <= budget_.native) &&
         (budget_.java <= 0 || running_.java + held.java <= budget_.java);
}

double MemoryGate::Enter(CaseHeld held) {
  std::unique_lock<std::mutex> lock(mu_);
  double waited = 0;
  if (!Fits(held)) {
    const auto start = std::chrono::steady_clock::now();
    left_.wait(lock, [&] { return Fits(held); });
    waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  running_ += held;
  ++batches_;
  return waited;
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
