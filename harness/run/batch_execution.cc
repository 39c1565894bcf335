#include "harness/run/batch_execution.h"

#include "absl/strings/str_cat.h"
#include "harness/engine/declared_steps.h"

namespace dsconform {

void RunStagesOn(Engine& engine, const std::vector<PreparedStage>& stages, const std::vector<StageOutcome*>& outcomes) {
  // The stages of families this engine runs; copied only when some are left out, since a cross
  // stage carries its input images (megabytes at lgK 21).
  std::vector<StageOutcome*> targets;
  std::vector<size_t> chosen;
  for (size_t i = 0; i < stages.size(); ++i) {
    if (engine.SupportsFamily(stages[i].source->family)) {
      targets.push_back(outcomes[i]);
      chosen.push_back(i);
    } else {
      outcomes[i]->unsupported = true;
    }
  }
  if (targets.empty()) return;
  std::vector<PreparedStage> subset;
  if (chosen.size() < stages.size())
    for (size_t i : chosen) subset.push_back(stages[i]);
  const absl::Span<const PreparedStage> supported =
      chosen.size() < stages.size() ? absl::MakeConstSpan(subset) : absl::MakeConstSpan(stages);
  // Steps the engine does not declare never reach it (harness/engine/declared_steps.h).
  auto result = RunDeclaredSteps(engine, supported);
  if (!result.ok()) {
    for (StageOutcome* o : targets) o->failure = std::string(result.status().message());
    return;
  }
  if (result->size() != supported.size()) {
    for (StageOutcome* o : targets)
      o->failure = absl::StrCat(engine.name(), " returned ", result->size(), " results for ", supported.size(),
                                " stages");
    return;
  }
  for (size_t i = 0; i < targets.size(); ++i) {
    Observations& obs = (*result)[i];
    // An engine that crashed, hung or garbled its answer on this stage alone
    // (out-of-process engines) fails this case, not the run.
    if (obs.fields.size() == 1 && obs.fields[0].name == kEngineFailureField &&
        obs.fields[0].value.kind == Value::Kind::kError) {
      targets[i]->failure = absl::StrCat(obs.fields[0].value.error_class, ": ", obs.fields[0].value.bytes);
      continue;
    }
    if (obs.fields.size() == 1 && obs.fields[0].name == kStageUnsupportedField) {
      targets[i]->unsupported = true;
      targets[i]->unsupported_reason = obs.fields[0].value.bytes;
      continue;
    }
    targets[i]->observations = std::move(obs);
  }
}

std::optional<PreparedStage> CrossStageOf(const Case& c, const PreparedStage& base, const StageOutcome& written) {
  if (!c.cross || !written.observations) return std::nullopt;
  PreparedStage s = base;
  for (const auto& name : c.cross->images) {
    const Value* v = written.observations->Find(name);
    // An image this writer cannot produce at all (a form its library lacks) is left out:
    // the readers of its other images still run, and a step asking for it fails alike everywhere.
    if (v != nullptr && v->kind == Value::Kind::kUnsupported) continue;
    // The writer threw before writing; its first stage says so.
    if (v == nullptr || v->kind != Value::Kind::kBytes) return std::nullopt;
    s.images[name] = v->bytes;
  }
  return s;
}

BatchOutcome ExecuteBatch(const std::vector<IndexedCase>& batch, EngineSet& engines, TapeCache* tapes) {
  const size_t n = batch.size(), e = engines.size();
  BatchOutcome out;
  out.first.assign(n, std::vector<StageOutcome>(e));
  out.cross.assign(n, std::vector<std::vector<StageOutcome>>(e, std::vector<StageOutcome>(e)));

  std::vector<PreparedStage> stages;
  for (const auto& ic : batch) stages.push_back(PrepareStage(*ic.c, ic.c->ops, tapes));
  for (size_t k = 0; k < e; ++k) {
    std::vector<StageOutcome*> targets;
    for (size_t i = 0; i < n; ++i) targets.push_back(&out.first[i][k]);
    RunStagesOn(*engines[k], stages, targets);
  }

  // Cross stages: the images each writer produced, read by every engine.
  std::vector<PreparedStage> cross;
  std::vector<std::pair<size_t, size_t>> owner;  // (case, writer)
  for (size_t i = 0; i < n; ++i) {
    const Case& c = *batch[i].c;
    if (!c.cross) continue;
    const PreparedStage base = PrepareStage(c, c.cross->ops, tapes);  // tapes shared by every writer's copy
    for (size_t w = 0; w < e; ++w) {
      auto s = CrossStageOf(c, base, out.first[i][w]);
      if (!s) continue;
      cross.push_back(std::move(*s));
      owner.emplace_back(i, w);
    }
  }
  if (cross.empty()) return out;
  for (size_t r = 0; r < e; ++r) {
    std::vector<StageOutcome*> targets;
    for (const auto& [i, w] : owner) targets.push_back(&out.cross[i][w][r]);
    RunStagesOn(*engines[r], cross, targets);
  }
  return out;
}

}  // namespace dsconform
