#include "harness/run/memory_gate.h"

namespace dsconform {

void MemoryGate::Enter(int64_t bytes) {
  std::unique_lock<std::mutex> lock(mu_);
  left_.wait(lock, [&] { return running_ == 0 || running_ + bytes <= budget_; });
  running_ += bytes;
}

void MemoryGate::Leave(int64_t bytes) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    running_ -= bytes;
  }
  left_.notify_all();
}

}  // namespace dsconform
