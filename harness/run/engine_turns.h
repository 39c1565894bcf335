#ifndef DSCONFORM_HARNESS_RUN_ENGINE_TURNS_H_
#define DSCONFORM_HARNESS_RUN_ENGINE_TURNS_H_

#include <atomic>
#include <cstddef>
#include <memory>
#include <vector>

#include "harness/engine/engine.h"
#include "harness/run/runner.h"

namespace dsconform {

// Which engine a worker runs next, where its batch leaves it the choice. Workers run batches side
// by side, each on engines of its own, but the Java engines of every worker live in one JVM, and
// there datasketches-java's KLL and classic Quantiles draw from one static Random that the bridge
// locks around each update and merge (docs/findings-kll.md, docs/findings-quantiles.md): two
// workers in Java at once take turns. A worker that can choose takes an engine whose library no
// other worker is in, and runs the native engine meanwhile. Which engine runs first changes no
// answer (each call is pinned by its case), only the wait. Shared by the workers; lock-free.
class EngineTurns {
 public:
  // The engines of one worker: every worker's are the same, index for index.
  explicit EngineTurns(const EngineSet& engines);

  // Of `candidates` (engine indices, most preferred first), the first whose library no worker is
  // running, else the first.
  size_t Pick(const std::vector<size_t>& candidates) const;

  // Marks engine k's library as running until the turn ends.
  class Turn {
   public:
    Turn(const EngineTurns* turns, size_t k);
    ~Turn();
    Turn(const Turn&) = delete;
    Turn& operator=(const Turn&) = delete;

   private:
    std::atomic<int>* busy_ = nullptr;
  };

 private:
  std::vector<size_t> library_;                // engine index -> its library (every Java engine: one)
  std::unique_ptr<std::atomic<int>[]> busy_;   // by library: workers inside it now
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_ENGINE_TURNS_H_
