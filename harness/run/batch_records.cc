#include "harness/run/batch_records.h"

#include <chrono>
#include <optional>

namespace dsconform {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// One case's records as they come, engine by engine, put in their order at the end.
struct CaseRecords {
  std::vector<std::optional<Record>> pairs, invariants;  // by candidate, by engine
  std::vector<std::vector<std::optional<Record>>> cross;  // [writer][reader]

  explicit CaseRecords(size_t engines)
      : pairs(engines), invariants(engines), cross(engines, std::vector<std::optional<Record>>(engines)) {}

  void AppendTo(std::vector<Record>& out) {
    for (auto* list : {&pairs, &invariants})
      for (auto& r : *list)
        if (r) out.push_back(std::move(*r));
    for (auto& by_reader : cross)
      for (auto& r : by_reader)
        if (r) out.push_back(std::move(*r));
  }
};

}  // namespace

std::vector<Record> RunBatchRecords(const std::vector<IndexedCase>& batch, EngineSet& engines,
                                    const std::vector<std::string>& names, const RunOptions& options,
                                    TapeCache* tapes, BatchTimes* times) {
  const Clock::time_point start = Clock::now();
  double records_seconds = 0;
  const size_t n = batch.size(), e = engines.size(), reference = options.reference;
  std::vector<CaseRecords> made(n, CaseRecords(e));
  auto run = [&](size_t k, const std::vector<PreparedStage>& stages) {
    std::vector<StageOutcome> out(stages.size());
    std::vector<StageOutcome*> targets;
    for (auto& o : out) targets.push_back(&o);
    RunStagesOn(*engines[k], stages, targets);
    return out;
  };

  std::vector<PreparedStage> stages, cross_base(n);
  for (size_t i = 0; i < n; ++i) {
    const Case& c = *batch[i].c;
    stages.push_back(PrepareStage(c, c.ops, tapes));
    if (c.cross) cross_base[i] = PrepareStage(c, c.cross->ops, tapes);  // tapes shared by every writer's copy
  }
  // [case][writer]: the cross stage over what that writer wrote, until it runs.
  std::vector<std::vector<std::optional<PreparedStage>>> cross_in(n, std::vector<std::optional<PreparedStage>>(e));
  auto absorb = [&](size_t k, const std::vector<StageOutcome>& out) {
    for (size_t i = 0; i < n; ++i) {
      const Clock::time_point t = Clock::now();
      made[i].invariants[k] = InvariantRecord(batch[i], names[k], out[i], options);
      records_seconds += SecondsSince(t);
      cross_in[i][k] = CrossStageOf(*batch[i].c, cross_base[i], out[i]);
    }
  };

  {  // the reference's answers are let go before the cross stages run
    const std::vector<StageOutcome> ref = run(reference, stages);
    for (size_t k = 0; k < e; ++k) {
      if (k == reference) continue;
      const std::vector<StageOutcome> out = run(k, stages);
      const Clock::time_point t = Clock::now();
      for (size_t i = 0; i < n; ++i) made[i].pairs[k] = PairRecord(batch[i], names, k, ref[i], out[i], options);
      records_seconds += SecondsSince(t);
      absorb(k, out);
    }
    absorb(reference, ref);
  }

  // Cross stages writer by writer: its own reading first, then each other reader's against it.
  for (size_t w = 0; w < e; ++w) {
    std::vector<PreparedStage> written;
    std::vector<size_t> owner;  // the case of written[j]
    for (size_t i = 0; i < n; ++i) {
      if (!cross_in[i][w]) continue;
      written.push_back(std::move(*cross_in[i][w]));
      cross_in[i][w].reset();
      owner.push_back(i);
    }
    if (written.empty()) continue;
    const std::vector<StageOutcome> own = run(w, written);
    for (size_t k = 0; k < e; ++k) {
      if (k == w) continue;
      const std::vector<StageOutcome> other = run(k, written);
      const Clock::time_point t = Clock::now();
      for (size_t j = 0; j < owner.size(); ++j)
        if (CrossStageRan(own[j]))
          made[owner[j]].cross[w][k] = CrossRecord(batch[owner[j]], names, w, k, own[j], other[j], options);
      records_seconds += SecondsSince(t);
    }
  }

  std::vector<Record> records;
  for (auto& m : made) m.AppendTo(records);
  if (times != nullptr) {
    times->records_seconds += records_seconds;
    times->execute_seconds += SecondsSince(start) - records_seconds;
  }
  return records;
}

}  // namespace dsconform
