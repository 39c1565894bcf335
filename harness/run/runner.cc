#include "harness/run/runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "absl/strings/str_cat.h"
#include "harness/case/slices.h"
#include "harness/run/batch_records.h"
#include "harness/run/batch_scheduler.h"
#include "harness/run/engine_turns.h"
#include "harness/run/case_memory.h"
#include "harness/run/record_lane.h"
#include "harness/run/record_builder.h"
#include "harness/run/seconds_since.h"

namespace dsconform {
namespace {

using Clock = std::chrono::steady_clock;

int64_t ItemsOf(const Case& c) {
  int64_t n = 0;
  for (const auto& op : c.ops)
    if (op.items) n += op.items->count;
  if (c.cross)
    for (const auto& op : c.cross->ops)
      if (op.items) n += op.items->count;
  return n;
}

// What a case costs besides its items (engine calls, observations, diffs), in items.
constexpr int64_t kItemsPerCaseOverhead = 2000;

// MakeBatches, with each case's items (items[i] of cases[i]) told.
std::vector<std::vector<IndexedCase>> CutBatches(const std::vector<IndexedCase>& cases,
                                                 const std::vector<int64_t>& items, const RunOptions& o,
                                                 const std::vector<CaseHeld>& held) {
  std::vector<std::vector<IndexedCase>> batches;
  std::vector<IndexedCase> current;
  int64_t held_items = 0;
  CaseHeld in_batch;
  // A worker's share of each budget: batches within it run side by side without waiting.
  const int64_t workers = std::max(1, o.jobs);
  const int64_t native_share = held.empty() ? 0 : std::max<int64_t>(0, o.memory_budget_bytes) / workers;
  const int64_t java_share = held.empty() ? 0 : std::max<int64_t>(0, o.java_heap_bytes) / workers;
  for (size_t i = 0; i < cases.size(); ++i) {
    const int64_t n = items[i];
    const CaseHeld h = held.empty() ? CaseHeld{} : held[i];
    const bool over = (native_share > 0 && in_batch.native + h.native > native_share) ||
                      (java_share > 0 && in_batch.java + h.java > java_share);
    if (!current.empty() &&
        (static_cast<int>(current.size()) >= o.max_batch_cases || held_items + n > o.max_batch_items || over)) {
      batches.push_back(std::move(current));
      current.clear();
      held_items = 0;
      in_batch = CaseHeld{};
    }
    current.push_back(cases[i]);
    held_items += n;
    in_batch += h;
  }
  if (!current.empty()) batches.push_back(std::move(current));
  return batches;
}

// Bytes in MiB rounded up, so that an estimate over a budget never reads as equal to it.
int64_t MibUp(int64_t bytes) { return (bytes + (int64_t{1} << 20) - 1) >> 20; }

bool Bounded(const RunOptions& o) { return o.memory_budget_bytes > 0 || o.java_heap_bytes > 0; }

// Whether `held` fits a worker's share of each budget (as CutBatches cuts them).
bool WithinShares(const CaseHeld& held, const RunOptions& options) {
  const int64_t workers = std::max(1, options.jobs);
  return (options.memory_budget_bytes <= 0 || held.native <= options.memory_budget_bytes / workers) &&
         (options.java_heap_bytes <= 0 || held.java <= options.java_heap_bytes / workers);
}

struct Estimate {
  CaseHeld held;
  int answers = kMostAnswersKept;
};

// What one case would hold on `engines`; an error when that alone passes a budget. Records made
// beside the engines keep three answers where that fits a worker's share of the budgets, else
// two, so that a third answer never keeps the workers from running big cases side by side.
absl::StatusOr<Estimate> EstimateOne(const Case& c, const EngineMix& engines, const RunOptions& options) {
  const Family* family = options.families != nullptr ? options.families->Find(c.family) : nullptr;
  const CaseMemory memory = EstimateCaseMemory(c, family != nullptr ? &family->vocabulary() : nullptr);
  const int answers = options.records_beside ? kMostAnswersKept : kFewestAnswersKept;
  Estimate estimate{memory.Held(engines, answers), answers};
  if (answers > kFewestAnswersKept && !WithinShares(estimate.held, options))
    estimate = {memory.Held(engines, kFewestAnswersKept), kFewestAnswersKept};
  const CaseHeld& held = estimate.held;
  const char* const remedy =
      ": give the run more (--memory=MiB), run the case on fewer engines, or leave it out (--cases)";
  if (options.memory_budget_bytes > 0 && held.native > options.memory_budget_bytes)
    return absl::ResourceExhaustedError(absl::StrCat(
        "case ", c.id, " would hold about ", MibUp(held.native), " MiB on ", engines.total(), " engines (",
        memory.Parts(engines, estimate.answers), "), more than the ", options.memory_budget_bytes >> 20,
        " MiB the run's memory budget leaves its cases", remedy));
  if (options.java_heap_bytes > 0 && held.java > options.java_heap_bytes)
    return absl::ResourceExhaustedError(absl::StrCat(
        "case ", c.id, " would hold about ", MibUp(held.java), " MiB in the Java heap on a Java engine (",
        memory.Parts(engines, estimate.answers), "), more than the run's ", options.java_heap_bytes >> 20,
        " MiB Java heap", remedy));
  return estimate;
}

// EstimateOne of each case, into held and answers.
absl::Status EstimateEach(const std::vector<IndexedCase>& cases, const EngineMix& engines, const RunOptions& options,
                          std::vector<CaseHeld>& held, std::vector<int>& answers) {
  held.reserve(cases.size());
  answers.reserve(cases.size());
  for (const auto& ic : cases) {
    auto e = EstimateOne(*ic.c, engines, options);
    if (!e.ok()) return e.status();
    held.push_back(e->held);
    answers.push_back(e->answers);
  }
  return absl::OkStatus();
}

}  // namespace

int64_t CostOf(const Case& c) { return CostOfItems(ItemsOf(c)); }

int64_t CostOfItems(int64_t items) { return items + kItemsPerCaseOverhead; }

std::vector<std::vector<IndexedCase>> MakeBatches(const std::vector<IndexedCase>& cases, const RunOptions& o,
                                                  const std::vector<CaseHeld>& held) {
  std::vector<int64_t> items;
  items.reserve(cases.size());
  for (const auto& ic : cases) items.push_back(ItemsOf(*ic.c));
  return CutBatches(cases, items, o, held);
}

EngineMix MixOf(const EngineSet& engines) {
  EngineMix mix;
  for (const auto& e : engines) {
    switch (e->memory_home()) {
      case MemoryHome::kThisProcess: ++mix.here; break;
      case MemoryHome::kJavaHeap: ++mix.java; break;
      case MemoryHome::kOwnProcess: ++mix.elsewhere; break;
    }
  }
  return mix;
}

absl::StatusOr<std::vector<CaseHeld>> EstimateMemory(const std::vector<IndexedCase>& cases, const EngineMix& engines,
                                                      const RunOptions& options) {
  std::vector<CaseHeld> held;
  std::vector<int> answers;
  if (absl::Status st = EstimateEach(cases, engines, options, held, answers); !st.ok()) return st;
  return held;
}

bool LeavesACoreIdle(int jobs) {
  return static_cast<unsigned>(std::max(1, jobs)) < std::thread::hardware_concurrency();
}

std::vector<int64_t> EveryCase(const CaseStore& store) {
  std::vector<int64_t> ordinals(store.size());
  for (size_t i = 0; i < ordinals.size(); ++i) ordinals[i] = static_cast<int64_t>(i);
  return ordinals;
}

absl::StatusOr<CasePlan> PlanCases(const CaseStore& store, const std::vector<int64_t>& ordinals,
                                   const EngineMix& engines, const RunOptions& options) {
  // Every case unpacked and sized on every core: before the workers start, nothing else runs.
  const size_t n = ordinals.size();
  const bool bounded = Bounded(options);
  CasePlan plan;
  plan.items.resize(n);
  if (bounded) {
    plan.held.resize(n);
    plan.answers.resize(n);
  }
  std::vector<absl::Status> failed(n);
  ForEachSlice(n, 64, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      auto c = store.UnpackProgram(static_cast<size_t>(ordinals[i]));
      if (!c.ok()) {
        failed[i] = c.status();
        continue;
      }
      plan.items[i] = ItemsOf(*c);
      if (!bounded) continue;
      auto estimate = EstimateOne(*c, engines, options);
      if (estimate.ok()) {
        plan.held[i] = estimate->held;
        plan.answers[i] = estimate->answers;
      } else {
        failed[i] = estimate.status();
      }
    }
  });
  for (const absl::Status& st : failed)
    if (!st.ok()) return st;
  plan.cases.reserve(n);
  for (const int64_t ordinal : ordinals) plan.cases.push_back({ordinal, nullptr});
  return plan;
}

std::vector<std::vector<IndexedCase>> MakeBatches(const CasePlan& plan, const RunOptions& options) {
  return CutBatches(plan.cases, plan.items, options, plan.held);
}

absl::Status OpenBatch(std::vector<IndexedCase>& batch, const CaseStore& store, std::vector<Case>& unpacked) {
  unpacked.reserve(batch.size());  // the pointers below stay valid
  for (IndexedCase& ic : batch) {
    auto c = store.Unpack(static_cast<size_t>(ic.ordinal));
    if (!c.ok()) return c.status();
    unpacked.push_back(std::move(*c));
    ic.c = &unpacked.back();
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<EngineSet>> CreateEngines(const std::vector<EngineFactory*>& factories, int jobs) {
  std::vector<EngineSet> workers(static_cast<size_t>(std::max(1, jobs)));
  for (auto& set : workers) {
    for (EngineFactory* f : factories) {
      auto engine = f->Create();
      if (!engine.ok()) return engine.status();
      set.push_back(std::move(*engine));
    }
  }
  return workers;
}

namespace {

absl::Status CheckEngines(const std::vector<EngineSet>& workers, const RunOptions& options) {
  if (workers.empty() || workers[0].empty()) return absl::InvalidArgumentError("no engines to run");
  if (options.reference >= workers[0].size())
    return absl::InvalidArgumentError("reference engine index out of range");
  return absl::OkStatus();
}

absl::StatusOr<RunStats> RunPlanned(const std::vector<IndexedCase>& cases, const std::vector<int64_t>& items,
                                    const std::vector<CaseHeld>& case_held, const std::vector<int>& case_answers,
                                    const CaseStore* store,
                                    std::vector<EngineSet>& workers, const RunOptions& options, RecordSink& sink,
                                    const ProgressFn& progress) {
  std::vector<std::string> names;
  for (const auto& e : workers[0]) names.push_back(e->name());
  const auto batches = CutBatches(cases, items, options, case_held);
  std::vector<int64_t> cost(batches.size());
  std::vector<CaseHeld> held(batches.size());
  std::vector<int> answers(batches.size(), kMostAnswersKept);  // the fewest of its cases'
  int64_t total_cost = 0;
  for (size_t b = 0, i = 0; b < batches.size(); ++b) {
    for (size_t k = 0; k < batches[b].size(); ++k, ++i) {
      cost[b] += CostOfItems(items[i]);
      if (!case_held.empty()) held[b] += case_held[i];
      if (!case_answers.empty()) answers[b] = std::min(answers[b], case_answers[i]);
    }
    total_cost += cost[b];
  }
  BatchScheduler scheduler(cost, held, CaseHeld{options.memory_budget_bytes, options.java_heap_bytes});
  TapeCache tapes;  // the workers' cases share the streams' longest tapes
  // Workers side by side choose the engine to run next (engine_turns.h); one runs them in order.
  const EngineTurns turns(workers[0]);
  const EngineTurns* const turns_if_shared = workers.size() > 1 ? &turns : nullptr;
  std::atomic<bool> stop{false};
  std::mutex mu;  // guards the counts below and first_error, and orders the progress calls
  RunStats stats;
  int64_t cost_done = 0;
  absl::Status first_error;

  // A batch's cases, opened: its records may be made after the worker took the next one.
  struct Opened {
    std::vector<IndexedCase> batch;
    std::vector<Case> unpacked;
  };
  auto work = [&](EngineSet& engines) {
    // The worker's records go to the sink from its lane, batch after batch; its end waits for them.
    RecordLane lane(options.records_beside ? RecordLane::Mode::kBeside : RecordLane::Mode::kInline);
    while (!stop.load()) {
      if (options.should_stop && options.should_stop()) {
        stop = true;
        break;
      }
      // One worker runs the batches in case order; several take the costliest first, within the
      // memory budget.
      const std::optional<BatchScheduler::Taken> taken = scheduler.Take(/*earliest=*/workers.size() == 1);
      if (!taken) break;
      const size_t b = taken->batch;
      const double waited = taken->waited_seconds;
      auto open = std::make_shared<Opened>();
      open->batch = batches[b];
      if (absl::Status st = store != nullptr ? OpenBatch(open->batch, *store, open->unpacked) : absl::OkStatus();
          !st.ok()) {
        scheduler.Done(b);
        std::lock_guard<std::mutex> lock(mu);
        if (first_error.ok()) first_error = st;
        stop = true;
        break;
      }
      // Its records hold only the image heads (max_record_image_bytes), so the batch's memory is
      // given back once they are made.
      auto deliver = [&, b, waited, open](std::vector<Record> records) {
        scheduler.Done(b);
        {
          std::lock_guard<std::mutex> lock(mu);
          if (!first_error.ok()) return;  // the run ends with that error: nothing is written after it
        }
        const int64_t n = static_cast<int64_t>(records.size());
        absl::Status st = sink.Write(open->batch, std::move(records));
        std::lock_guard<std::mutex> lock(mu);
        stats.memory_wait_seconds += waited;
        if (!st.ok()) {
          if (first_error.ok()) first_error = st;
          stop = true;
          return;
        }
        stats.cases_done += static_cast<int64_t>(open->batch.size());
        stats.records += n;
        cost_done += cost[b];
        if (progress) progress(stats.cases_done, total_cost > 0 ? static_cast<double>(cost_done) / total_cost : 1.0);
      };
      RunBatchRecords(open->batch, engines, names, options, &tapes, lane, answers[b], std::move(deliver),
                      turns_if_shared);
    }
  };

  // Each worker's end, after the start, so that the time the others outlast it is known.
  const auto start = Clock::now();
  std::vector<double> ended(workers.size());
  auto timed_work = [&](size_t w) {
    work(workers[w]);
    ended[w] = SecondsSince(start);
  };
  std::vector<std::thread> threads;
  for (size_t w = 1; w < workers.size(); ++w) threads.emplace_back(timed_work, w);
  timed_work(0);
  for (auto& t : threads) t.join();
  stats.workers_seconds = SecondsSince(start);
  for (const double end : ended) stats.idle_at_end_seconds += stats.workers_seconds - end;
  if (!first_error.ok()) return first_error;
  stats.interrupted = stats.cases_done < static_cast<int64_t>(cases.size());
  return stats;
}

}  // namespace

absl::StatusOr<RunStats> RunCases(const std::vector<IndexedCase>& cases, std::vector<EngineSet>& workers,
                                  const RunOptions& options, RecordSink& sink, const ProgressFn& progress) {
  if (absl::Status st = CheckEngines(workers, options); !st.ok()) return st;
  std::vector<int64_t> items;
  std::vector<CaseHeld> case_held;
  std::vector<int> case_answers;
  for (const auto& ic : cases) items.push_back(ItemsOf(*ic.c));
  if (Bounded(options))
    if (absl::Status st = EstimateEach(cases, MixOf(workers[0]), options, case_held, case_answers); !st.ok()) return st;
  return RunPlanned(cases, items, case_held, case_answers, nullptr, workers, options, sink, progress);
}

absl::StatusOr<RunStats> RunCases(const CaseStore& store, const std::vector<int64_t>& ordinals,
                                  std::vector<EngineSet>& workers, const RunOptions& options, RecordSink& sink,
                                  const ProgressFn& progress) {
  if (absl::Status st = CheckEngines(workers, options); !st.ok()) return st;
  const auto start = Clock::now();
  auto plan = PlanCases(store, ordinals, MixOf(workers[0]), options);
  if (!plan.ok()) return plan.status();
  const double plan_seconds = SecondsSince(start);
  auto stats =
      RunPlanned(plan->cases, plan->items, plan->held, plan->answers, &store, workers, options, sink, progress);
  if (stats.ok()) stats->plan_seconds = plan_seconds;
  return stats;
}

}  // namespace dsconform
