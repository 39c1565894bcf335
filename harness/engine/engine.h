#ifndef DSCONFORM_HARNESS_ENGINE_ENGINE_H_
#define DSCONFORM_HARNESS_ENGINE_ENGINE_H_

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "harness/case/case_program.h"
#include "harness/engine/capabilities.h"
#include "harness/engine/item_tape.h"
#include "harness/engine/observation.h"
#include "harness/engine/tape_cache.h"

namespace dsconform {

// One stage of one case, ready to execute: the operations, the item tapes of
// its update steps (generated once, shared by every engine), and the images a
// cross stage reads.
struct PreparedStage {
  const Case* source = nullptr;
  const std::vector<Op>* ops = nullptr;
  std::vector<ItemTape> tapes;                 // tapes[i] belongs to the i-th op with items
  std::map<std::string, std::string> images;   // name -> bytes, for deserialize steps
  // done_after[i]: the slots no step after ops[i] names (SlotsDoneAfter), which the engine lets
  // go of once ops[i] ran, so that it holds only the sketches still to be read.
  std::vector<std::vector<std::string>> done_after;
};

// Builds the stage's item tapes once (from `tapes` where it has them).
PreparedStage PrepareStage(const Case& c, const std::vector<Op>& ops, TapeCache* tapes = nullptr);

// The one field of a stage's observations when the engine failed on that
// stage alone (crashed, hung, answered garbage); its value is the error.
inline constexpr char kEngineFailureField[] = "engine_failure";
// The one field of a stage's observations when the engine cannot run that
// stage alone (a corpus asked to read images it never read); its value is
// Value::Unsupported(reason).
inline constexpr char kStageUnsupportedField[] = "stage_unsupported";

// Where an engine keeps its sketches while it runs a case, which tells the runner whose memory a
// case's estimate weighs on (harness/run/case_memory.h).
enum class MemoryHome {
  kThisProcess,  // this process's own heap (the native engine compiled in, a corpus)
  kJavaHeap,     // the embedded JVM's heap, which the Java engines share and the budget sizes apart
  kOwnProcess,   // the engine's own process (python, rust, go, the native engine out of process)
};

// One implementation under test, named kind@version ("cpp@5.2.0", "java@9.0.0").
// An engine turns stages into observations; it knows nothing of differs or
// reports. A failure of a single case (an exception thrown by the library) is
// an observation (Value::Kind::kError); a returned error Status means the
// engine itself is unusable for the whole batch.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string name() const = 0;  // kind@version
  virtual std::string kind() const = 0;  // cpp, java, java-direct, python, ...
  // The families this engine executes and, for each, the steps it declares
  // (harness/engine/capabilities.h): cases of other families get "not supported
  // by this engine", and steps it does not declare never reach it.
  virtual const Capabilities& capabilities() const = 0;
  virtual MemoryHome memory_home() const { return MemoryHome::kThisProcess; }
  bool SupportsFamily(const std::string& family) const { return capabilities().count(family) > 0; }
  virtual absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) = 0;
  // Seconds spent inside the library under test over every Run call so far,
  // as the engine timed it from within (`dsconform bench` sets it against the
  // wall time of the calls, to tell the library's work from getting items and
  // results across); nullopt when the engine does not time itself.
  virtual std::optional<double> LibrarySeconds() const { return std::nullopt; }
};

// Makes engine instances; the runner asks for one per worker, since engines
// may keep per-thread state (an attached JVM thread, native scratch space).
class EngineFactory {
 public:
  virtual ~EngineFactory() = default;
  virtual std::string name() const = 0;
  virtual absl::StatusOr<std::unique_ptr<Engine>> Create() = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_ENGINE_H_
