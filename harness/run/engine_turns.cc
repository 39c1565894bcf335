#include "harness/run/engine_turns.h"

namespace dsconform {

EngineTurns::EngineTurns(const EngineSet& engines) {
  const size_t n = engines.size();
  library_.resize(n);
  size_t jvm = n;  // no Java engine yet
  for (size_t k = 0; k < n; ++k) {
    library_[k] = k;
    if (engines[k]->memory_home() != MemoryHome::kJavaHeap) continue;
    if (jvm == n) jvm = k;
    library_[k] = jvm;
  }
  busy_ = std::make_unique<std::atomic<int>[]>(n);
  for (size_t k = 0; k < n; ++k) busy_[k].store(0);
}

size_t EngineTurns::Pick(const std::vector<size_t>& candidates) const {
  for (size_t k : candidates)
    if (busy_[library_[k]].load(std::memory_order_relaxed) == 0) return k;
  return candidates.front();
}

EngineTurns::Turn::Turn(const EngineTurns* turns, size_t k) {
  if (turns == nullptr) return;
  busy_ = &turns->busy_[turns->library_[k]];
  busy_->fetch_add(1, std::memory_order_relaxed);
}

EngineTurns::Turn::~Turn() {
  if (busy_ != nullptr) busy_->fetch_sub(1, std::memory_order_relaxed);
}

}  // namespace dsconform
