#include "harness/bench/timed_engine.h"

#include <chrono>

namespace dsconform {

absl::StatusOr<std::vector<Observations>> TimedEngine::Run(absl::Span<const PreparedStage> stages) {
  EngineCall call;
  call.stages = static_cast<int64_t>(stages.size());
  for (const PreparedStage& s : stages) {
    for (const auto& tape : s.tapes) call.item_bytes += tape ? static_cast<int64_t>(tape->size()) : 0;
    for (const auto& image : s.images) call.item_bytes += static_cast<int64_t>(image.second.size());
  }
  const std::optional<double> library_before = inner_->LibrarySeconds();
  const auto start = std::chrono::steady_clock::now();
  auto result = inner_->Run(stages);
  call.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::optional<double> library_after = inner_->LibrarySeconds();
  if (library_before && library_after) call.library_seconds = *library_after - *library_before;
  calls_.push_back(call);
  return result;
}

void WrapInTimers(std::vector<EngineSet>& workers) {
  for (EngineSet& set : workers)
    for (auto& engine : set) engine = std::make_unique<TimedEngine>(std::move(engine));
}

std::vector<EngineCall> CallsOf(const std::vector<EngineSet>& workers, size_t index) {
  std::vector<EngineCall> calls;
  for (const EngineSet& set : workers) {
    if (index >= set.size()) continue;
    if (const auto* timed = dynamic_cast<const TimedEngine*>(set[index].get()))
      calls.insert(calls.end(), timed->calls().begin(), timed->calls().end());
  }
  return calls;
}

}  // namespace dsconform
