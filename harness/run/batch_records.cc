#include "harness/run/batch_records.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "harness/run/seconds_since.h"

namespace dsconform {
namespace {

using Clock = std::chrono::steady_clock;

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

// Runs engine `anchor` and each of `others` on one set of stages, holding at most two answers:
// the anchor's, and the one compared with it. compare(k, anchor's, k's) takes each other answer
// as it comes, done(k, answer) every answer, the anchor's last. The anchor runs first, unless
// `turns` finds its library busy and another's free: then that other runs first, and waits for
// the anchor's answer to be compared.
template <typename Run, typename Compare, typename Done>
void RunAround(size_t anchor, std::vector<size_t> others, const EngineTurns* turns, const Run& run,
               const Compare& compare, const Done& done) {
  auto take = [&](size_t k) { others.erase(std::find(others.begin(), others.end(), k)); };
  std::optional<size_t> early;
  std::vector<StageOutcome> early_out;
  if (turns != nullptr && !others.empty()) {
    std::vector<size_t> candidates = {anchor};
    candidates.insert(candidates.end(), others.begin(), others.end());
    if (const size_t first = turns->Pick(candidates); first != anchor) {
      early = first;
      take(first);
      early_out = run(first);
    }
  }
  const std::vector<StageOutcome> held = run(anchor);
  if (early) {
    compare(*early, held, early_out);
    done(*early, early_out);
    early_out = {};
  }
  while (!others.empty()) {
    const size_t k = turns != nullptr ? turns->Pick(others) : others.front();
    take(k);
    const std::vector<StageOutcome> out = run(k);
    compare(k, held, out);
    done(k, out);
  }
  done(anchor, held);
}

std::vector<size_t> AllBut(size_t e, size_t but) {
  std::vector<size_t> out;
  for (size_t k = 0; k < e; ++k)
    if (k != but) out.push_back(k);
  return out;
}

}  // namespace

std::vector<Record> RunBatchRecords(const std::vector<IndexedCase>& batch, EngineSet& engines,
                                    const std::vector<std::string>& names, const RunOptions& options,
                                    TapeCache* tapes, BatchTimes* times, const EngineTurns* turns) {
  const Clock::time_point start = Clock::now();
  double records_seconds = 0;
  const size_t n = batch.size(), e = engines.size(), reference = options.reference;
  std::vector<CaseRecords> made(n, CaseRecords(e));
  auto on = [&](const std::vector<PreparedStage>& stages) {
    return [&engines, &stages, turns](size_t k) {
      std::vector<StageOutcome> out(stages.size());
      std::vector<StageOutcome*> targets;
      for (auto& o : out) targets.push_back(&o);
      const EngineTurns::Turn turn(turns, k);
      RunStagesOn(*engines[k], stages, targets);
      return out;
    };
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
  // Each candidate against the reference; the reference's answers are let go before the cross stages.
  RunAround(
      reference, AllBut(e, reference), turns, on(stages),
      [&](size_t k, const std::vector<StageOutcome>& ref, const std::vector<StageOutcome>& out) {
        const Clock::time_point t = Clock::now();
        for (size_t i = 0; i < n; ++i) made[i].pairs[k] = PairRecord(batch[i], names, k, ref[i], out[i], options);
        records_seconds += SecondsSince(t);
      },
      absorb);

  // Cross stages writer by writer: each other reader against the writer reading its own images.
  std::vector<size_t> writers;
  for (size_t w = 0; w < e; ++w) writers.push_back(w);
  while (!writers.empty()) {
    const size_t w = turns != nullptr ? turns->Pick(writers) : writers.front();
    writers.erase(std::find(writers.begin(), writers.end(), w));
    std::vector<PreparedStage> written;
    std::vector<size_t> owner;  // the case of written[j]
    for (size_t i = 0; i < n; ++i) {
      if (!cross_in[i][w]) continue;
      written.push_back(std::move(*cross_in[i][w]));
      cross_in[i][w].reset();
      owner.push_back(i);
    }
    if (written.empty()) continue;
    RunAround(
        w, AllBut(e, w), turns, on(written),
        [&](size_t k, const std::vector<StageOutcome>& own, const std::vector<StageOutcome>& other) {
          const Clock::time_point t = Clock::now();
          for (size_t j = 0; j < owner.size(); ++j)
            if (CrossStageRan(own[j]))
              made[owner[j]].cross[w][k] = CrossRecord(batch[owner[j]], names, w, k, own[j], other[j], options);
          records_seconds += SecondsSince(t);
        },
        [](size_t, const std::vector<StageOutcome>&) {});
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
