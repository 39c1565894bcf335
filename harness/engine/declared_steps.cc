#include "harness/engine/declared_steps.h"

#include <cstdint>
#include <optional>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace dsconform {

bool MakesItsSlot(const std::string& step) {
  static const auto* makers = new std::set<std::string>{"create", "union", "result", "deserialize", "copy",
                                                        "convert", "intersection", "compact", "a_not_b"};
  return makers->count(step) > 0;
}

std::vector<std::string> SlotsReadBy(const Op& op) {
  std::vector<std::string> read;
  if (!MakesItsSlot(op.op) && !op.sketch.empty()) read.push_back(op.sketch);
  for (const char* key : {"from", "a", "b", "with"})
    if (op.args.contains(key)) read.push_back(op.Str(key));
  return read;
}

std::unique_ptr<DeclaredStepsPlan> DeclaredStepsPlan::For(const PreparedStage& stage,
                                                         const std::set<std::string>& declared,
                                                         const std::string& engine_name) {
  if (declared.empty()) return nullptr;
  bool all = true;
  for (const Op& op : *stage.ops) all = all && declared.count(op.op) > 0;
  if (all) return nullptr;

  std::unique_ptr<DeclaredStepsPlan> owned(new DeclaredStepsPlan());
  DeclaredStepsPlan& plan = *owned;
  std::set<std::string> unusable;  // slots (and "as" names) a step not sent left without a value
  size_t tape = 0;
  for (size_t i = 0; i < stage.ops->size(); ++i) {
    const Op& op = (*stage.ops)[i];
    const size_t this_tape = tape;
    if (op.items) ++tape;
    std::string blocked;
    for (const auto& slot : SlotsReadBy(op))
      if (unusable.count(slot)) {
        blocked = slot;
        break;
      }
    // An image a step not sent would have written.
    if (blocked.empty() && op.op == "deserialize" && !stage.images.count(op.Str("image"))) {
      const std::string image = op.Str("image");
      const std::string writer = image.substr(0, image.rfind('.'));
      if (unusable.count(writer)) blocked = writer;
    }
    if (!declared.count(op.op)) {
      // Its slot, and the name its `as` gives its fields when that is another one.
      std::vector<std::string> outs = {op.sketch.empty() ? op.Str("as") : op.sketch};
      if (!op.sketch.empty() && op.args.contains("as") && op.Str("as") != op.sketch) outs.push_back(op.Str("as"));
      for (const std::string& out : outs) {
        plan.answered_.emplace_back(
            i, Field{absl::StrCat(out, ".", op.op),
                     Value::Unsupported(absl::StrCat(engine_name, " does not declare the step ", op.op, " of ",
                                                     stage.source->family))});
        unusable.insert(out);
      }
      continue;
    }
    if (!blocked.empty()) {
      for (const std::string& out : {op.sketch, op.Str("as")})
        if (!out.empty() && unusable.insert(out).second)
          plan.answered_.emplace_back(
              i, Field{absl::StrCat(out, ".", op.op),
                       Value::Unsupported(absl::StrCat("it reads slot '", blocked,
                                                       "', which this engine could not make"))});
      continue;
    }
    if (MakesItsSlot(op.op)) unusable.erase(op.sketch);
    plan.ops_.push_back(op);
    plan.sent_.push_back(i);
    if (op.items) plan.stage_.tapes.push_back(stage.tapes[this_tape]);
  }
  plan.stage_.source = stage.source;
  plan.stage_.images = stage.images;
  plan.stage_.ops = &plan.ops_;
  return owned;
}

Observations DeclaredStepsPlan::Merge(Observations from_engine) const {
  const auto& fields = from_engine.fields;
  if (fields.size() == 1 && (fields[0].name == kEngineFailureField || fields[0].name == kStageUnsupportedField))
    return from_engine;
  // The step a library exception stopped the stage at: later steps did not run.
  size_t stopped_at = SIZE_MAX;
  Observations out;
  std::optional<Field> error;
  for (Field& f : from_engine.fields) {
    size_t k = 0;
    if (absl::StartsWith(f.name, "error@op") && absl::SimpleAtoi(f.name.substr(8), &k) && k < sent_.size()) {
      stopped_at = sent_[k];
      f.name = absl::StrCat("error@op", stopped_at);
      error = std::move(f);
      continue;
    }
    out.fields.push_back(std::move(f));
  }
  for (const auto& [step, field] : answered_)
    if (step < stopped_at) out.fields.push_back(field);
  if (error) out.fields.push_back(std::move(*error));
  return out;
}

absl::StatusOr<std::vector<Observations>> RunDeclaredSteps(Engine& engine, absl::Span<const PreparedStage> stages) {
  std::vector<std::unique_ptr<DeclaredStepsPlan>> plans(stages.size());
  std::vector<PreparedStage> sent;  // copied only when a stage is cut: a cross stage carries its images
  std::vector<size_t> sent_index;   // sent[k] answers stages[sent_index[k]]
  bool cut = false;
  for (size_t i = 0; i < stages.size(); ++i) {
    auto family = engine.capabilities().find(stages[i].source->family);
    if (family != engine.capabilities().end())
      plans[i] = DeclaredStepsPlan::For(stages[i], family->second, engine.name());
    cut = cut || plans[i] != nullptr;
  }
  if (!cut) return engine.Run(stages);
  for (size_t i = 0; i < stages.size(); ++i) {
    if (plans[i] != nullptr && plans[i]->sends_nothing()) continue;
    sent.push_back(plans[i] != nullptr ? plans[i]->stage() : stages[i]);
    sent_index.push_back(i);
  }
  std::vector<Observations> answers;
  if (!sent.empty()) {
    auto run = engine.Run(sent);
    if (!run.ok()) return run.status();
    if (run->size() != sent.size())
      return absl::InternalError(absl::StrCat(engine.name(), " returned ", run->size(), " results for ", sent.size(),
                                              " stages"));
    answers = std::move(*run);
  }
  std::vector<Observations> out(stages.size());
  for (size_t k = 0; k < sent_index.size(); ++k) out[sent_index[k]] = std::move(answers[k]);
  for (size_t i = 0; i < stages.size(); ++i)
    if (plans[i] != nullptr) out[i] = plans[i]->Merge(std::move(out[i]));
  return out;
}

}  // namespace dsconform
