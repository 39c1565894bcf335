#include "harness/corpus/corpus_recorder.h"

#include "harness/run/batch_execution.h"

namespace dsconform {
namespace {

// What a stage outcome becomes in the corpus; nullopt when nothing ran.
std::optional<Observations> Recorded(const StageOutcome& o) {
  if (o.observations) return o.observations;
  if (o.failure.empty()) return std::nullopt;
  Observations failed;
  failed.Add(kEngineFailureField, Value::Error("engine", o.failure));
  return failed;
}

}  // namespace

absl::StatusOr<RecordStats> RecordCorpus(const CaseStore& cases, EngineSet& engine, CorpusWriter& writer,
                                         const std::function<bool()>& should_stop, const ProgressFn& progress) {
  RecordStats stats;
  const RunOptions options;
  auto plan = PlanCases(cases, EveryCase(cases), MixOf(engine), options);
  if (!plan.ok()) return plan.status();
  int64_t done = 0, total_cost = 0, done_cost = 0;
  size_t planned = 0;  // the plan's place of the next batch's first case: batches keep plan order
  for (const int64_t items : plan->items) total_cost += CostOfItems(items);
  for (std::vector<IndexedCase> batch : MakeBatches(*plan, options)) {
    if (should_stop && should_stop()) {
      stats.interrupted = true;
      break;
    }
    std::vector<Case> unpacked;
    if (auto st = OpenBatch(batch, cases, unpacked); !st.ok()) return st;
    BatchOutcome out = ExecuteBatch(batch, engine);
    for (size_t i = 0; i < batch.size(); ++i) {
      if (out.first[i][0].unsupported) {
        ++stats.unsupported;
        continue;
      }
      CorpusEntry entry;
      entry.c = *batch[i].c;
      entry.first = Recorded(out.first[i][0]).value_or(Observations{});
      if (batch[i].c->cross) entry.cross = Recorded(out.cross[i][0][0]);
      if (auto st = writer.Add(entry); !st.ok()) return st;
      ++stats.recorded;
    }
    done += static_cast<int64_t>(batch.size());
    for (size_t i = 0; i < batch.size(); ++i) done_cost += CostOfItems(plan->items[planned++]);
    if (progress) progress(done, total_cost > 0 ? static_cast<double>(done_cost) / total_cost : 1.0);
  }
  return stats;
}

}  // namespace dsconform
