#ifndef DSCONFORM_HARNESS_RUN_RUNNER_H_
#define DSCONFORM_HARNESS_RUN_RUNNER_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/family/family_catalog.h"
#include "harness/case/case_program.h"
#include "harness/case/case_store.h"
#include "harness/engine/engine.h"
#include "harness/expect/known_differences.h"
#include "harness/record/record.h"
#include "harness/run/case_memory.h"
#include "harness/truth/truth_kind.h"

namespace dsconform {

// A case and its position in the full, unsharded case list; records carry the
// position so shards merge back into one deterministic order.
struct IndexedCase {
  int64_t ordinal = 0;
  const Case* c = nullptr;  // while a batch runs; none in a plan of cases held in a CaseStore
};

struct RunOptions {
  int jobs = 1;                        // worker threads, each with its own engine instances
  // Each worker's records made beside its engines' calls (record_lane.h): where the workers leave
  // a core idle. Otherwise a worker makes them between its calls.
  bool records_beside = false;
  int max_batch_cases = 64;            // cases per engine call
  int64_t max_batch_items = 1 << 21;   // items per engine call, so big cases travel alone
  // Differing images longer than this reach records as their length and first bytes
  // (DiffOptions::max_image_bytes); negative keeps them whole (--keep_images).
  int64_t max_record_image_bytes = int64_t{4} << 10;
  size_t reference = 0;                // index into the engine list
  // The memory the cases may hold at once in this process, in bytes (0: no bound), and in the
  // Java engines' shared heap (0: not bounded by the runner). Batches are cut and admitted so that
  // the estimates of what runs at once (harness/run/case_memory.h) stay within both, and a case
  // whose estimate alone exceeds either is refused before anything runs.
  int64_t memory_budget_bytes = 0;
  int64_t java_heap_bytes = 0;
  // The families whose decoders, invariants and kinds of truth judge the records
  // (the front end's catalog); cases of a family it lacks are compared
  // undecoded, and their truth is not judged.
  const FamilyCatalog* families = nullptr;
  const KnownDifferences* known_differences = nullptr;  // judges the records; none: nothing is known
  // `check` asks only whether live engines reproduce a recording; judging each
  // engine's own invariants is `run`'s business.
  bool check_invariants = true;
  // What tunes the checks of the families' kinds of truth (outlier limits), by
  // name; a kind keeps its default for any not given (harness/truth/truth_kind.h).
  TruthSettings truth_settings;
  std::function<bool()> should_stop;   // polled between batches (SIGINT/SIGTERM)
};

// Receives the records of each batch the moment it is finished, so that nothing
// finished waits in memory for earlier cases: batches in the order they finish
// (one worker: case order; several: the largest first), a batch's records in
// case order. With several workers, calls come from several threads at once.
// A batch counts as done once Write returns (RunStats, progress); a failing
// Write stops the run with that status.
class RecordSink {
 public:
  virtual ~RecordSink() = default;
  virtual absl::Status Write(const std::vector<IndexedCase>& batch, std::vector<Record> records) = 0;
};

struct RunStats {
  int64_t cases_done = 0;  // cases whose batch the sink took
  int64_t records = 0;
  bool interrupted = false;
  // Where the workers' time went, so that a bench can say what keeps N workers from N times one.
  double plan_seconds = 0;     // unpacking and sizing the cases, before any worker starts
  double workers_seconds = 0;  // from the workers' start to the last one's end
  double memory_wait_seconds = 0;  // summed over workers: waiting for memory before a batch could start
  double idle_at_end_seconds = 0;  // summed over workers: done while another still ran its last batch
};

// Called after each batch the sink took, with the number of cases done so far
// and the share (0 to 1) of the run's work they were, weighed by their items.
// Calls come one at a time.
using ProgressFn = std::function<void(int64_t cases_run, double work_done)>;

// The engine instances of one worker: engines[i] comes from factories[i].
using EngineSet = std::vector<std::unique_ptr<Engine>>;

// About the work a case is, in items: its items and a fixed part for its calls,
// observations and diffs. Batches are scheduled, and progress weighed, by it.
int64_t CostOf(const Case& c);
// The same for a case of `items` items.
int64_t CostOfItems(int64_t items);

// Consecutive cases, cut when a batch reaches options.max_batch_cases or
// options.max_batch_items, or when what its cases hold (`held`, one per case; empty: not
// counted) passes an equal share among the workers of options.memory_budget_bytes or
// options.java_heap_bytes.
std::vector<std::vector<IndexedCase>> MakeBatches(const std::vector<IndexedCase>& cases, const RunOptions& options,
                                                  const std::vector<CaseHeld>& held = {});

// Where a worker's engines keep their sketches.
EngineMix MixOf(const EngineSet& engines);

// What each case would hold on `engines` (harness/run/case_memory.h), by its family's steps in
// options.families; an error naming the first case whose estimate alone exceeds
// options.memory_budget_bytes or options.java_heap_bytes (when they bound the run).
absl::StatusOr<std::vector<CaseHeld>> EstimateMemory(const std::vector<IndexedCase>& cases, const EngineMix& engines,
                                                      const RunOptions& options);

// What the runner knows of cases held in a CaseStore before they run: where they are (their
// IndexedCase::c null), their items and, when the run has a memory budget, their estimates.
struct CasePlan {
  std::vector<IndexedCase> cases;
  std::vector<int64_t> items;
  std::vector<CaseHeld> held;  // empty without a budget
  std::vector<int> answers;    // with held: the answers the harness may keep for each (case_memory.h)
};

// Whether `jobs` workers leave a core of this machine idle (RunOptions::records_beside).
bool LeavesACoreIdle(int jobs);

// The places of every case of `store`, in order: the whole run.
std::vector<int64_t> EveryCase(const CaseStore& store);

// Unpacks each case of `store` at `ordinals` once, without its invariants and truth, to size it;
// an error as EstimateMemory's.
absl::StatusOr<CasePlan> PlanCases(const CaseStore& store, const std::vector<int64_t>& ordinals,
                                   const EngineMix& engines, const RunOptions& options);

// MakeBatches for planned cases.
std::vector<std::vector<IndexedCase>> MakeBatches(const CasePlan& plan, const RunOptions& options);

// Gives each case of a planned batch its program from `store`, held in `unpacked`.
absl::Status OpenBatch(std::vector<IndexedCase>& batch, const CaseStore& store, std::vector<Case>& unpacked);

// Creates jobs x engines instances up front, so a broken engine is reported
// before any case runs.
absl::StatusOr<std::vector<EngineSet>> CreateEngines(const std::vector<EngineFactory*>& factories, int jobs);

// Runs every case on every engine, diffs each candidate against the reference,
// checks invariants and cross stages, applies the known differences, and hands each
// batch's records to `sink` as the batch finishes. With more than one worker
// the largest batches run first; sorted by case (Record::index, stably) the
// records are the same whatever the number of workers.
absl::StatusOr<RunStats> RunCases(const std::vector<IndexedCase>& cases, std::vector<EngineSet>& workers,
                                  const RunOptions& options, RecordSink& sink, const ProgressFn& progress);

// The same for the cases of `store` at `ordinals` (their positions in it): each case is unpacked
// to be sized before the run and again while its batch runs, so that the run holds the cases of
// the running batches and no others.
absl::StatusOr<RunStats> RunCases(const CaseStore& store, const std::vector<int64_t>& ordinals,
                                  std::vector<EngineSet>& workers, const RunOptions& options, RecordSink& sink,
                                  const ProgressFn& progress);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_RUNNER_H_
