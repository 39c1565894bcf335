#ifndef DSCONFORM_ENGINES_NATIVE_CPP_FAMILY_ADAPTER_H_
#define DSCONFORM_ENGINES_NATIVE_CPP_FAMILY_ADAPTER_H_

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "harness/engine/engine.h"
#include "harness/engine/observation.h"

namespace dsconform {

// One family's steps (sketches/<family>/<family>_steps.json) on datasketches-cpp.
// Each family has one adapter in one translation unit (engines/native/<family>_adapter.cc),
// the only one that includes that family's datasketches headers; the build
// registers every *_adapter.cc it compiles (engines/native/CMakeLists.txt).
class CppFamilyAdapter {
 public:
  virtual ~CppFamilyAdapter() = default;
  virtual std::string family() const = 0;
  // The steps of the family's vocabulary this adapter executes: what the
  // engine declares (its hello). The harness sends no stage with another step.
  virtual std::vector<std::string> steps() const = 0;
  // What this build's datasketches-cpp lacks of those steps, found by the
  // probes of engines/native/probes when the build was configured: variants
  // (a form, an image version) the adapter answers with an "unsupported"
  // field, one line each, naming the variant and the missing API. (A step the
  // tree lacks entirely is left out of steps() instead.) Empty: it lacks none.
  virtual std::vector<std::string> lacks() const { return {}; }
  // Executes one stage from fresh slots and appends its observations to
  // `out`, in step order. An exception thrown by the library ends the stage
  // with a field error@op<i>; a step the library cannot do ends it with an
  // "unsupported" field. A non-OK status means the stage is one the family's
  // validation should have rejected (unknown step, slot of the wrong kind);
  // its message names the case and the step.
  virtual absl::Status RunStage(const PreparedStage& stage, Observations* out) = 0;
};

// How a step left its stage.
enum class StepEnd {
  kContinue,
  kStopStage,  // the step recorded why the rest cannot run (e.g. unsupported)
};

// What a step handler receives besides the op itself.
struct StepContext {
  size_t index = 0;       // position of the op in its stage's ops: error@op<index>
  std::string_view tape;  // the op's item tape; empty when the op has no items
};

using StepHandler = std::function<absl::StatusOr<StepEnd>(const Op& op, const StepContext& ctx)>;

// Runs `step` on every op of `stage` in order, handing each op with items its
// tape (stage.tapes in the order of those ops). Whatever a step throws (a
// std::exception or anything else) becomes the field error@op<index> and ends
// the stage; later stages are unaffected.
absl::Status RunStepsCatchingExceptions(const PreparedStage& stage, Observations* out, const StepHandler& step);

// The adapter of a family whose stage state is a class: a fresh
// Stage(stage, out) per stage, its Step(op, ctx) for every op, through
// RunStepsCatchingExceptions, and its Drop(slot) after a step for each slot no
// later step names (PreparedStage::done_after), so a stage holds only the
// sketches still to be read.
template <typename Stage>
class StageObjectAdapter final : public CppFamilyAdapter {
 public:
  StageObjectAdapter(std::string family, std::vector<std::string> steps, std::vector<std::string> lacks = {})
      : family_(std::move(family)), steps_(std::move(steps)), lacks_(std::move(lacks)) {}
  std::string family() const override { return family_; }
  std::vector<std::string> steps() const override { return steps_; }
  std::vector<std::string> lacks() const override { return lacks_; }
  absl::Status RunStage(const PreparedStage& stage, Observations* out) override {
    Stage state(stage, out);
    return RunStepsCatchingExceptions(stage, out, [&](const Op& op, const StepContext& ctx) {
      absl::StatusOr<StepEnd> end = state.Step(op, ctx);
      if (end.ok() && ctx.index < stage.done_after.size())
        for (const std::string& slot : stage.done_after[ctx.index]) state.Drop(slot);
      return end;
    });
  }

 private:
  std::string family_;
  std::vector<std::string> steps_;
  std::vector<std::string> lacks_;
};

// The adapter of a family this datasketches-cpp tree lacks (a configure probe said so): it declares
// no step, so the harness sends it no stage; one sent anyway is the case's error, `why`.
std::unique_ptr<CppFamilyAdapter> AbsentFamilyAdapter(std::string family, std::string why);

// The exception being handled, as an observation: its dynamic type,
// demangled ("std::invalid_argument"), and what() for std::exceptions.
// Call only inside a catch block.
Value ValueFromCurrentException();

// The bytes of image `name` for a deserialize step: the stage's images (a
// cross stage reads another engine's) first, then byte fields this stage
// produced so far. Null when neither has it.
const std::string* FindStageImage(const PreparedStage& stage, const Observations& so_far, const std::string& name);

// FindStageImage for a deserialize step; where the stage has no such image (in a cross stage: the
// writer did not produce it) it adds the step's "dsconform::MissingImage" error to `out` and
// returns null, and the adapter stops the stage.
const std::string* StageImageOrMissing(const PreparedStage& stage, const StepContext& ctx, const std::string& name,
                                       Observations* out);

// "case <id>: /ops/<i>" (or "/cross/ops/<i>") for error messages.
std::string StepPath(const PreparedStage& stage, size_t index);

// A step the case got wrong (a bad slot, a member out of range), not the
// library: an InvalidArgument error that names the case and the step.
absl::Status BadStep(const PreparedStage& stage, const StepContext& ctx, const std::string& message);

// Whether `op` reads a slot (`from`, `a`, `b`, `with`) that datasketches-cpp
// could not make here: then its own slot has no meaningful state either, joins
// `unmade`, and says so once in `out`. The adapter skips such a step.
bool ReadsUnmadeSlot(const Op& op, std::set<std::string>& unmade, Observations* out);

// The slot `name` of a stage's slots, or the case's error that it is missing (`missing` says how).
template <typename Slot>
absl::StatusOr<Slot*> FindSlot(std::map<std::string, Slot>& slots, const std::string& name, const PreparedStage& stage,
                               const StepContext& ctx, std::string_view missing = "does not exist") {
  auto it = slots.find(name);
  if (it == slots.end()) return BadStep(stage, ctx, "slot '" + name + "' " + std::string(missing));
  return &it->second;
}

// Stores `sketch` in slot `name` as the alternative of its own type of a std::variant Slot.
template <typename Slot, typename S>
void PutVariantSlot(std::map<std::string, Slot>& slots, const std::string& name, S&& sketch) {
  slots.insert_or_assign(name, Slot(std::in_place_type<std::decay_t<S>>, std::forward<S>(sketch)));
}

// A union's merge of `sketch` as the step's `how` says: "copy" (the const
// overload) or "move" (the rvalue one). False for any other `how`.
template <typename Union, typename Sketch>
bool MergeCopyOrMove(const std::string& how, Union& u, Sketch& sketch) {
  if (how == "copy") {
    u.update(static_cast<const Sketch&>(sketch));
  } else if (how == "move") {
    u.update(std::move(sketch));
  } else {
    return false;
  }
  return true;
}

}  // namespace dsconform

#endif  // DSCONFORM_ENGINES_NATIVE_CPP_FAMILY_ADAPTER_H_
