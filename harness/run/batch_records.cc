#include "harness/run/batch_records.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
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

using Answer = RecordLane::Answer;
using Compare =
    std::function<void(size_t k, const std::vector<StageOutcome>& anchor, const std::vector<StageOutcome>& other)>;
using Own = std::function<void(size_t k, const std::vector<StageOutcome>& answer)>;

// What a batch's records are made from and into, shared by its tasks on the lane: the last of
// them may end after RunBatchRecords returned.
struct BatchState {
  BatchState(const std::vector<IndexedCase>& b, const std::vector<std::string>& n, const RunOptions& o, size_t engines)
      : batch(b), names(n), options(o), made(b.size(), CaseRecords(engines)) {}
  const std::vector<IndexedCase>& batch;
  const std::vector<std::string>& names;
  const RunOptions& options;
  std::vector<CaseRecords> made;
  double records_seconds = 0;  // written by the lane's tasks, one at a time
};

template <typename Fn>
void Timed(BatchState& state, const Fn& fn) {
  const Clock::time_point t = Clock::now();
  fn();
  state.records_seconds += SecondsSince(t);
}

// Runs engine `anchor` and each of `others` on one set of stages, each once fewer than `answers`
// are held. keep(k, answer) takes each answer on the caller's thread as it comes; the lane is
// given compare(k, anchor's, k's) and own(k, k's) for each other answer, and own(anchor,
// anchor's) after the last (no own: none). The anchor runs first, unless `turns` finds its
// library busy and another's free: then that other runs first, and waits for the anchor's answer
// to be compared.
template <typename Run, typename Keep>
void RunAround(size_t anchor, std::vector<size_t> others, const EngineTurns* turns, RecordLane& lane, int answers,
               const Run& run, const Keep& keep, const Compare& compare, const Own& own) {
  auto take = [&](size_t k) { others.erase(std::find(others.begin(), others.end(), k)); };
  auto answer = [&](size_t k) {
    lane.RoomForAnswer(answers);
    Answer a = lane.Hold(run(k));
    keep(k, *a);
    return a;
  };
  auto give = [&](size_t k, const Answer& held, Answer out) {
    lane.Run([compare, own, k, held, out = std::move(out)] {
      compare(k, *held, *out);
      if (own) own(k, *out);
    });
  };
  std::optional<size_t> early;
  Answer early_out;
  if (turns != nullptr && !others.empty()) {
    std::vector<size_t> candidates = {anchor};
    candidates.insert(candidates.end(), others.begin(), others.end());
    if (const size_t first = turns->Pick(candidates); first != anchor) {
      early = first;
      take(first);
      early_out = answer(first);
    }
  }
  const Answer held = answer(anchor);
  if (early) give(*early, held, std::move(early_out));
  while (!others.empty()) {
    const size_t k = turns != nullptr ? turns->Pick(others) : others.front();
    take(k);
    give(k, held, answer(k));
  }
  if (own) lane.Run([own, anchor, held] { own(anchor, *held); });
}

std::vector<size_t> AllBut(size_t e, size_t but) {
  std::vector<size_t> out;
  for (size_t k = 0; k < e; ++k)
    if (k != but) out.push_back(k);
  return out;
}

// RunBatchRecords, with its steps timed into `times` (given: once the lane has made the records).
void RunOnLane(const std::vector<IndexedCase>& batch, EngineSet& engines, const std::vector<std::string>& names,
               const RunOptions& options, TapeCache* tapes, RecordLane& lane, int answers,
               std::function<void(std::vector<Record>)> deliver, const EngineTurns* turns, BatchTimes* times) {
  const Clock::time_point start = Clock::now();
  const size_t n = batch.size(), e = engines.size(), reference = options.reference;
  const auto state = std::make_shared<BatchState>(batch, names, options, e);
  auto on = [&engines, turns](const std::vector<PreparedStage>& stages) {
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
  auto keep = [&](size_t k, const std::vector<StageOutcome>& out) {
    for (size_t i = 0; i < n; ++i) cross_in[i][k] = CrossStageOf(*batch[i].c, cross_base[i], out[i]);
  };
  // Each candidate against the reference, and each engine's own checks.
  const Compare pairs = [state](size_t k, const std::vector<StageOutcome>& ref, const std::vector<StageOutcome>& out) {
    Timed(*state, [&] {
      for (size_t i = 0; i < ref.size(); ++i)
        state->made[i].pairs[k] = PairRecord(state->batch[i], state->names, k, ref[i], out[i], state->options);
    });
  };
  const Own invariants = [state](size_t k, const std::vector<StageOutcome>& out) {
    Timed(*state, [&] {
      for (size_t i = 0; i < out.size(); ++i)
        state->made[i].invariants[k] = InvariantRecord(state->batch[i], state->names[k], out[i], state->options);
    });
  };
  RunAround(reference, AllBut(e, reference), turns, lane, answers, on(stages), keep, pairs, invariants);

  // Cross stages writer by writer: each other reader against the writer reading its own images.
  const auto keep_none = [](size_t, const std::vector<StageOutcome>&) {};
  std::vector<size_t> writers;
  for (size_t w = 0; w < e; ++w) writers.push_back(w);
  while (!writers.empty()) {
    const size_t w = turns != nullptr ? turns->Pick(writers) : writers.front();
    writers.erase(std::find(writers.begin(), writers.end(), w));
    std::vector<PreparedStage> written;
    auto owner = std::make_shared<std::vector<size_t>>();  // the case of written[j]
    for (size_t i = 0; i < n; ++i) {
      if (!cross_in[i][w]) continue;
      written.push_back(std::move(*cross_in[i][w]));
      cross_in[i][w].reset();
      owner->push_back(i);
    }
    if (written.empty()) continue;
    const Compare cross = [state, owner, w](size_t k, const std::vector<StageOutcome>& own,
                                            const std::vector<StageOutcome>& other) {
      Timed(*state, [&] {
        for (size_t j = 0; j < owner->size(); ++j) {
          const size_t i = (*owner)[j];
          if (!CrossStageRan(own[j])) continue;
          state->made[i].cross[w][k] =
              CrossRecord(state->batch[i], state->names, w, k, own[j], other[j], state->options);
        }
      });
    };
    RunAround(w, AllBut(e, w), turns, lane, answers, on(written), keep_none, cross, Own());
  }

  lane.Run([state, deliver = std::move(deliver)] {
    std::vector<Record> records;
    for (auto& m : state->made) m.AppendTo(records);
    deliver(std::move(records));
  });
  if (times != nullptr) {
    lane.Wait();
    times->records_seconds += state->records_seconds;
    times->execute_seconds += SecondsSince(start) - state->records_seconds;
  }
}

}  // namespace

void RunBatchRecords(const std::vector<IndexedCase>& batch, EngineSet& engines, const std::vector<std::string>& names,
                     const RunOptions& options, TapeCache* tapes, RecordLane& lane, int answers,
                     std::function<void(std::vector<Record>)> deliver, const EngineTurns* turns) {
  RunOnLane(batch, engines, names, options, tapes, lane, answers, std::move(deliver), turns, nullptr);
}

std::vector<Record> RunBatchRecords(const std::vector<IndexedCase>& batch, EngineSet& engines,
                                    const std::vector<std::string>& names, const RunOptions& options,
                                    TapeCache* tapes, BatchTimes* times, const EngineTurns* turns) {
  RecordLane lane(RecordLane::Mode::kInline);
  std::vector<Record> records;
  RunOnLane(
      batch, engines, names, options, tapes, lane, kMostAnswersKept,
      [&records](std::vector<Record> r) { records = std::move(r); },
      turns, times);
  return records;
}

}  // namespace dsconform
