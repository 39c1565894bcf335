#include "harness/run/runner.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "absl/strings/str_cat.h"
#include "harness/run/batch_execution.h"
#include "harness/run/batch_scheduler.h"
#include "harness/run/record_builder.h"

namespace dsconform {
namespace {

// About the memory a record holds: its differing values dominate (images).
int64_t BytesOf(const Record& r) {
  int64_t n = 512;
  for (const auto& d : r.diffs) {
    n += 128 + static_cast<int64_t>(d.reference.bytes.size() + d.candidate.bytes.size());
    for (const auto& x : d.decoded) n += 64 + static_cast<int64_t>(x.reference.size() + x.candidate.size());
  }
  return n;
}

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

std::vector<std::vector<IndexedCase>> MakeBatches(const std::vector<IndexedCase>& cases, const RunOptions& o) {
  std::vector<std::vector<IndexedCase>> batches;
  std::vector<IndexedCase> current;
  int64_t items = 0;
  for (const auto& ic : cases) {
    const int64_t n = ItemsOf(*ic.c);
    if (!current.empty() && (static_cast<int>(current.size()) >= o.max_batch_cases || items + n > o.max_batch_items)) {
      batches.push_back(std::move(current));
      current.clear();
      items = 0;
    }
    current.push_back(ic);
    items += n;
  }
  if (!current.empty()) batches.push_back(std::move(current));
  return batches;
}

namespace {

// Hands records to the sink in batch order, whichever worker finishes first.
// One worker at a time writes, outside the lock, so the others keep running
// cases while records are serialized; a worker that delivers a batch while
// another writes leaves it for that writer and goes back to work.
class OrderedEmitter {
 public:
  OrderedEmitter(RecordSink& sink, const ProgressFn& progress, int64_t total_cost)
      : sink_(sink), progress_(progress), total_cost_(total_cost) {}

  absl::Status Deliver(size_t batch, std::vector<Record> records, int64_t cases, int64_t cost) {
    int64_t bytes = 0;
    for (const Record& r : records) bytes += BytesOf(r);
    std::unique_lock<std::mutex> lock(mu_);
    pending_[batch] = {std::move(records), cases, bytes};
    waiting_bytes_ += bytes;
    executed_ += cases;  // progress counts cases run, written or not yet
    executed_cost_ += cost;
    if (progress_) progress_(executed_, total_cost_ > 0 ? static_cast<double>(executed_cost_) / total_cost_ : 1.0);
    if (writing_) return status_;
    writing_ = true;
    while (status_.ok()) {
      auto it = pending_.find(next_);
      if (it == pending_.end()) break;
      Pending ready = std::move(it->second);
      pending_.erase(it);
      waiting_bytes_ -= ready.bytes;
      lock.unlock();
      absl::Status st;
      int64_t written = 0;
      for (const Record& r : ready.records) {
        st = sink_.Write(r);
        if (!st.ok()) break;
        ++written;
      }
      lock.lock();
      status_.Update(st);
      stats_.records += written;
      if (!st.ok()) break;
      stats_.cases_done += ready.cases;
      ++next_;
    }
    writing_ = false;
    return status_;
  }

  RunStats stats() {
    std::lock_guard<std::mutex> lock(mu_);
    return stats_;
  }

  // Bytes of the records delivered but not yet written.
  int64_t waiting_bytes() {
    std::lock_guard<std::mutex> lock(mu_);
    return waiting_bytes_;
  }

 private:
  struct Pending {
    std::vector<Record> records;
    int64_t cases = 0;
    int64_t bytes = 0;
  };
  std::mutex mu_;
  RecordSink& sink_;
  const ProgressFn& progress_;
  const int64_t total_cost_;
  std::map<size_t, Pending> pending_;
  size_t next_ = 0;
  bool writing_ = false;  // a worker is writing records outside the lock
  int64_t executed_ = 0;
  int64_t executed_cost_ = 0;
  int64_t waiting_bytes_ = 0;
  RunStats stats_;
  absl::Status status_;
};

}  // namespace

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

  const auto batches = MakeBatches(cases, options);
  std::vector<int64_t> cost(batches.size());
  int64_t total_cost = 0;
  for (size_t b = 0; b < batches.size(); ++b) {
    for (const auto& ic : batches[b]) cost[b] += CostOf(*ic.c);
    total_cost += cost[b];
  }
  BatchScheduler scheduler(cost);
  OrderedEmitter emitter(sink, progress, total_cost);
  TapeCache tapes;  // the workers' cases share the streams' longest tapes
  std::atomic<bool> stop{false};
  std::mutex error_mu;
  absl::Status first_error;

  auto work = [&](EngineSet& engines) {
    while (!stop.load()) {
      if (options.should_stop && options.should_stop()) {
        stop = true;
        break;
      }
      // One worker runs the batches in order; several take the costliest first.
      const bool earliest =
          workers.size() == 1 || emitter.waiting_bytes() > options.max_waiting_record_bytes;
      const std::optional<size_t> taken = scheduler.Take(earliest);
      if (!taken) break;
      const size_t b = *taken;
      const auto& batch = batches[b];
      BatchOutcome outcome = ExecuteBatch(batch, engines, &tapes);
      std::vector<Record> records = BuildBatchRecords(batch, names, outcome, options);
      if (auto st = emitter.Deliver(b, std::move(records), static_cast<int64_t>(batch.size()), cost[b]); !st.ok()) {
        std::lock_guard<std::mutex> lock(error_mu);
        if (first_error.ok()) first_error = st;
        stop = true;
      }
    }
  };

  std::vector<std::thread> threads;
  for (size_t w = 1; w < workers.size(); ++w) threads.emplace_back(work, std::ref(workers[w]));
  work(workers[0]);
  for (auto& t : threads) t.join();
  if (!first_error.ok()) return first_error;
  RunStats stats = emitter.stats();
  stats.interrupted = stats.cases_done < static_cast<int64_t>(cases.size());
  return stats;
}

}  // namespace dsconform
