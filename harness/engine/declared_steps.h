#ifndef DSCONFORM_HARNESS_ENGINE_DECLARED_STEPS_H_
#define DSCONFORM_HARNESS_ENGINE_DECLARED_STEPS_H_

#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "harness/engine/engine.h"
#include "harness/engine/observation.h"

namespace dsconform {

// Whether `step` gives its slot a new value, whatever it held (create, union, ...).
bool MakesItsSlot(const std::string& step);
// The slots whose value a step uses: its own (unless it makes it), and those
// named by its from, a, b and with members.
std::vector<std::string> SlotsReadBy(const Op& op);

// A stage cut down to the steps an engine declares (harness/engine/capabilities.h),
// so that a step it does not declare never reaches it. The harness answers for
// the engine as docs/engine-protocol.md asks an engine to answer a step it cannot
// do: the field "<slot>.<step>" unsupported, the slot unusable from there on, a
// later step that reads it "<its slot>.<step>" unsupported in turn, and the
// steps on other slots sent as usual.
class DeclaredStepsPlan {
 public:
  // Null when the engine can be sent the stage as it is: it declares every
  // step, or states no steps for the family (an empty set).
  static std::unique_ptr<DeclaredStepsPlan> For(const PreparedStage& stage, const std::set<std::string>& declared,
                                                const std::string& engine_name);

  DeclaredStepsPlan(const DeclaredStepsPlan&) = delete;
  DeclaredStepsPlan& operator=(const DeclaredStepsPlan&) = delete;

  // The stage to send; none when no step is left.
  bool sends_nothing() const { return sent_.empty(); }
  const PreparedStage& stage() const { return stage_; }

  // The observations of the whole stage: the engine's (of the stage()),
  // its error@op<i> named by the step's index in the whole stage, and the
  // harness's unsupported fields. An engine failure of the stage stays as it is.
  Observations Merge(Observations from_engine) const;

 private:
  DeclaredStepsPlan() = default;

  std::vector<Op> ops_;                              // the steps sent
  std::vector<size_t> sent_;                         // ops_[k] is step sent_[k] of the stage
  std::vector<std::pair<size_t, Field>> answered_;   // the harness's fields, by the step that made them
  PreparedStage stage_;                              // points into ops_, so the plan stays put
};

// Runs `stages` (of families the engine executes) on `engine` as the runner
// does: each cut down to the steps the engine declares, then made whole again
// with the harness's answers; a stage with no step left never reaches it.
absl::StatusOr<std::vector<Observations>> RunDeclaredSteps(Engine& engine, absl::Span<const PreparedStage> stages);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_DECLARED_STEPS_H_
