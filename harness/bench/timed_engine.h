#ifndef DSCONFORM_HARNESS_BENCH_TIMED_ENGINE_H_
#define DSCONFORM_HARNESS_BENCH_TIMED_ENGINE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/engine/engine.h"
#include "harness/run/runner.h"

namespace dsconform {

// One Run call as a TimedEngine saw it.
struct EngineCall {
  int64_t stages = 0;
  int64_t item_bytes = 0;  // item tapes and input images handed to the engine
  double seconds = 0;      // wall time of the call
  // Of those, inside the library under test (Engine::LibrarySeconds); nullopt when the engine
  // does not time itself.
  std::optional<double> library_seconds;
};

// Forwards to another engine and keeps what each Run call took, for `dsconform bench`. Costs two
// clock reads per call (a call is a batch of up to 64 cases).
class TimedEngine final : public Engine {
 public:
  explicit TimedEngine(std::unique_ptr<Engine> inner) : inner_(std::move(inner)) {}

  std::string name() const override { return inner_->name(); }
  std::string kind() const override { return inner_->kind(); }
  MemoryHome memory_home() const override { return inner_->memory_home(); }
  const Capabilities& capabilities() const override { return inner_->capabilities(); }
  absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) override;
  std::optional<double> LibrarySeconds() const override { return inner_->LibrarySeconds(); }

  const std::vector<EngineCall>& calls() const { return calls_; }

 private:
  std::unique_ptr<Engine> inner_;
  std::vector<EngineCall> calls_;
};

// Wraps every engine of every worker in a TimedEngine.
void WrapInTimers(std::vector<EngineSet>& workers);

// The calls of engine `index` across all workers, in no particular order.
std::vector<EngineCall> CallsOf(const std::vector<EngineSet>& workers, size_t index);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_BENCH_TIMED_ENGINE_H_
