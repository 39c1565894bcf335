#include "harness/run/runner.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>

#include "absl/strings/str_cat.h"
#include "harness/run/batch_execution.h"
#include "harness/run/batch_scheduler.h"
#include "harness/run/case_memory.h"
#include "harness/run/memory_gate.h"
#include "harness/run/record_builder.h"

namespace dsconform {
namespace {

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

}  // namespace

int64_t CostOf(const Case& c) { return ItemsOf(c) + kItemsPerCaseOverhead; }

std::vector<std::vector<IndexedCase>> MakeBatches(const std::vector<IndexedCase>& cases, const RunOptions& o,
                                                  const std::vector<int64_t>& bytes) {
  std::vector<std::vector<IndexedCase>> batches;
  std::vector<IndexedCase> current;
  int64_t items = 0, held = 0;
  // A worker's share of the budget: batches within it run side by side without waiting.
  const int64_t share = o.memory_budget_bytes > 0 && !bytes.empty() ? o.memory_budget_bytes / std::max(1, o.jobs) : 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const int64_t n = ItemsOf(*cases[i].c);
    const int64_t b = share > 0 ? bytes[i] : 0;
    if (!current.empty() && (static_cast<int>(current.size()) >= o.max_batch_cases || items + n > o.max_batch_items ||
                             (share > 0 && held + b > share))) {
      batches.push_back(std::move(current));
      current.clear();
      items = 0;
      held = 0;
    }
    current.push_back(cases[i]);
    items += n;
    held += b;
  }
  if (!current.empty()) batches.push_back(std::move(current));
  return batches;
}

absl::StatusOr<std::vector<int64_t>> EstimateMemory(const std::vector<IndexedCase>& cases, int engines,
                                                     const RunOptions& options) {
  std::vector<int64_t> bytes;
  bytes.reserve(cases.size());
  for (const auto& ic : cases) {
    const Family* family = options.families != nullptr ? options.families->Find(ic.c->family) : nullptr;
    bytes.push_back(EstimateCaseMemory(*ic.c, family != nullptr ? &family->vocabulary() : nullptr).Total(engines));
    if (options.memory_budget_bytes > 0 && bytes.back() > options.memory_budget_bytes)
      return absl::ResourceExhaustedError(absl::StrCat(
          "case ", ic.c->id, " would hold about ", bytes.back() >> 20, " MiB on ", engines,
          " engines, more than the ", options.memory_budget_bytes >> 20,
          " MiB the run's memory budget leaves its cases: give the run more (--memory=MiB), run the case on "
          "fewer engines, or leave it out (--cases)"));
  }
  return bytes;
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

absl::StatusOr<RunStats> RunCases(const std::vector<IndexedCase>& cases, std::vector<EngineSet>& workers,
                                  const RunOptions& options, RecordSink& sink, const ProgressFn& progress) {
  if (workers.empty() || workers[0].empty()) return absl::InvalidArgumentError("no engines to run");
  std::vector<std::string> names;
  for (const auto& e : workers[0]) names.push_back(e->name());
  if (options.reference >= names.size()) return absl::InvalidArgumentError("reference engine index out of range");

  std::vector<int64_t> case_bytes;
  if (options.memory_budget_bytes > 0) {
    auto estimated = EstimateMemory(cases, static_cast<int>(names.size()), options);
    if (!estimated.ok()) return estimated.status();
    case_bytes = std::move(*estimated);
  }
  const auto batches = MakeBatches(cases, options, case_bytes);
  std::vector<int64_t> cost(batches.size()), held(batches.size());
  int64_t total_cost = 0;
  for (size_t b = 0, i = 0; b < batches.size(); ++b) {
    for (const auto& ic : batches[b]) {
      cost[b] += CostOf(*ic.c);
      if (!case_bytes.empty()) held[b] += case_bytes[i];
      ++i;
    }
    total_cost += cost[b];
  }
  MemoryGate gate(options.memory_budget_bytes);
  BatchScheduler scheduler(cost);
  TapeCache tapes;  // the workers' cases share the streams' longest tapes
  std::atomic<bool> stop{false};
  std::mutex mu;  // guards the counts below and first_error, and orders the progress calls
  RunStats stats;
  int64_t cost_done = 0;
  absl::Status first_error;

  auto work = [&](EngineSet& engines) {
    while (!stop.load()) {
      if (options.should_stop && options.should_stop()) {
        stop = true;
        break;
      }
      // One worker runs the batches in case order; several take the costliest first.
      const std::optional<size_t> taken = scheduler.Take(/*earliest=*/workers.size() == 1);
      if (!taken) break;
      const size_t b = *taken;
      const auto& batch = batches[b];
      // Its records hold only the image heads (max_record_image_bytes), so the batch's memory is
      // given back once they are made.
      gate.Enter(held[b]);
      std::vector<Record> records;
      {
        BatchOutcome outcome = ExecuteBatch(batch, engines, &tapes);
        records = BuildBatchRecords(batch, names, outcome, options);
      }
      gate.Leave(held[b]);
      const int64_t n = static_cast<int64_t>(records.size());
      absl::Status st = sink.Write(batch, std::move(records));
      std::lock_guard<std::mutex> lock(mu);
      if (!st.ok()) {
        if (first_error.ok()) first_error = st;
        stop = true;
        break;
      }
      stats.cases_done += static_cast<int64_t>(batch.size());
      stats.records += n;
      cost_done += cost[b];
      if (progress) progress(stats.cases_done, total_cost > 0 ? static_cast<double>(cost_done) / total_cost : 1.0);
    }
  };

  std::vector<std::thread> threads;
  for (size_t w = 1; w < workers.size(); ++w) threads.emplace_back(work, std::ref(workers[w]));
  work(workers[0]);
  for (auto& t : threads) t.join();
  if (!first_error.ok()) return first_error;
  stats.interrupted = stats.cases_done < static_cast<int64_t>(cases.size());
  return stats;
}

}  // namespace dsconform
