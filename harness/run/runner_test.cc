// Runner behaviour with fake engines (the real ones are tested in their own
// modules and in the conformance tests).
#include "harness/run/runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/run/batch_records.h"
#include "harness/run/engine_turns.h"
#include "harness/run/record_builder.h"

namespace dsconform {
namespace {

// Answers each stage with its case id and item count; "bias" adds one to the
// estimate of cases whose id contains it; "fail" fails whole batches.
class FakeEngine : public Engine {
 public:
  FakeEngine(std::string name, std::string bias, bool fail) : name_(std::move(name)), bias_(std::move(bias)), fail_(fail) {}
  std::string name() const override { return name_; }
  std::string kind() const override { return name_.substr(0, name_.find('@')); }
  MemoryHome memory_home() const override { return home; }
  const Capabilities& capabilities() const override {
    static const auto* caps = new Capabilities{{"hll", {}}};
    return *caps;
  }
  absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) override {
    if (fail_) return absl::InternalError("engine crashed: signal 11");
    if (calls != nullptr) calls->push_back(name_);
    std::this_thread::sleep_for(delay);
    std::vector<Observations> out;
    for (const auto& s : stages) {
      Observations o;
      int64_t items = 0;
      for (const auto& t : s.tapes) items += static_cast<int64_t>(t->size() / 8);
      const bool biased = !bias_.empty() && s.source->id.find(bias_) != std::string::npos;
      o.Add("a.estimate", Value::Double(static_cast<double>(items + (biased ? 1 : 0))));
      if (s.ops == &s.source->ops) {
        o.Add("a.compact", Value::Bytes(absl::StrCat(name_.substr(0, 3), items)));  // differs by engine kind
      } else {
        o.Add("b.read", Value::Bytes(s.images.begin()->second));  // a cross stage echoes what it read
      }
      out.push_back(std::move(o));
    }
    return out;
  }

  MemoryHome home = MemoryHome::kThisProcess;
  std::vector<std::string>* calls = nullptr;  // when set, the engine's name for each call
  std::chrono::milliseconds delay{0};          // how long each call takes

 private:
  std::string name_, bias_;
  bool fail_;
};

class FakeFactory : public EngineFactory {
 public:
  FakeFactory(std::string name, std::string bias = "", bool fail = false) : name_(name), bias_(bias), fail_(fail) {}
  std::string name() const override { return name_; }
  absl::StatusOr<std::unique_ptr<Engine>> Create() override {
    return std::unique_ptr<Engine>(new FakeEngine(name_, bias_, fail_));
  }

 private:
  std::string name_, bias_;
  bool fail_;
};

// Keeps every batch as it came, and the records sorted into case order.
class CollectingSink : public RecordSink {
 public:
  absl::Status Write(const std::vector<IndexedCase>& batch, std::vector<Record> records) override {
    std::lock_guard<std::mutex> lock(mu);
    std::vector<int64_t> ordinals;
    for (const auto& ic : batch) ordinals.push_back(ic.ordinal);
    batches.push_back(ordinals);
    cases_taken += static_cast<int64_t>(batch.size());
    for (auto& r : records) this->records.push_back(std::move(r));
    return absl::OkStatus();
  }
  std::vector<Record> InCaseOrder() const {
    std::vector<Record> sorted = records;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Record& a, const Record& b) { return a.index < b.index; });
    return sorted;
  }
  std::mutex mu;
  std::vector<std::vector<int64_t>> batches;  // ordinals, in the order the batches came
  int64_t cases_taken = 0;
  std::vector<Record> records;
};

std::vector<Case> MakeCases(int n) {
  std::vector<Case> cases;
  for (int i = 0; i < n; ++i) {
    cases.push_back(CaseBuilder(absl::StrCat("hll/fake/n=", i), "hll.fake", "hll")
                        .Step("create", "a", {{"lg_k", 4}, {"type", "HLL_4"}})
                        .Update("a", Sequence(0, i))
                        .Build());
  }
  return cases;
}

// Each case at its own place in the list.
std::vector<IndexedCase> Indexed(const std::vector<Case>& cases) {
  std::vector<IndexedCase> indexed;
  for (size_t i = 0; i < cases.size(); ++i) indexed.push_back({static_cast<int64_t>(i), &cases[i]});
  return indexed;
}

std::vector<Record> RunAll(const std::vector<Case>& cases, std::vector<EngineFactory*> factories, int jobs,
                           int batch = 3) {
  const std::vector<IndexedCase> indexed = Indexed(cases);
  auto workers = CreateEngines(factories, jobs);
  EXPECT_TRUE(workers.ok());
  RunOptions options;
  options.jobs = jobs;
  options.max_batch_cases = batch;
  CollectingSink sink;
  auto stats = RunCases(indexed, *workers, options, sink, nullptr);
  EXPECT_TRUE(stats.ok()) << stats.status();
  return sink.InCaseOrder();
}

TEST(Runner, RecordsInCaseOrderAreTheSameWhateverTheNumberOfWorkers) {
  const auto cases = MakeCases(40);
  FakeFactory ref("java@1"), cand("java-direct@1", "n=1");
  const auto one = RunAll(cases, {&ref, &cand}, 1);
  const auto three = RunAll(cases, {&ref, &cand}, 3, 2);
  ASSERT_EQ(one.size(), 40u);
  ASSERT_EQ(three.size(), one.size());
  for (size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(RecordToJson(one[i]).dump(), RecordToJson(three[i]).dump());
    EXPECT_EQ(one[i].index, static_cast<int64_t>(i));
  }
}

// Records made beside the engines (RunOptions::records_beside): the same records, and one worker's
// batches reach the sink in case order.
TEST(Runner, RecordsMadeBesideTheEnginesAreTheSameAndComeInOrder) {
  const auto cases = MakeCases(40);
  const std::vector<IndexedCase> indexed = Indexed(cases);
  FakeFactory ref("java@1"), cand("java-direct@1", "n=1");
  const auto between = RunAll(cases, {&ref, &cand}, 1);
  for (const int jobs : {1, 3}) {
    auto workers = CreateEngines({&ref, &cand}, jobs);
    ASSERT_TRUE(workers.ok());
    RunOptions options;
    options.jobs = jobs;
    options.max_batch_cases = 3;
    options.records_beside = true;
    CollectingSink sink;
    auto stats = RunCases(indexed, *workers, options, sink, nullptr);
    ASSERT_TRUE(stats.ok()) << stats.status();
    const std::vector<Record> beside = sink.InCaseOrder();
    ASSERT_EQ(beside.size(), between.size());
    for (size_t i = 0; i < beside.size(); ++i)
      EXPECT_EQ(RecordToJson(beside[i]).dump(), RecordToJson(between[i]).dump());
    if (jobs == 1) {
      for (size_t b = 1; b < sink.batches.size(); ++b) EXPECT_LT(sink.batches[b - 1].back(), sink.batches[b].front());
    }
  }
}

// A sink that refuses a batch ends the run with its error, and takes nothing after it, though the
// worker may have run the next batch meanwhile.
TEST(Runner, NothingReachesTheSinkAfterAWriteFailed) {
  class FailingSink : public RecordSink {
   public:
    absl::Status Write(const std::vector<IndexedCase>&, std::vector<Record>) override {
      ++writes;
      return absl::UnavailableError("disk full");
    }
    std::atomic<int> writes{0};
  };
  const auto cases = MakeCases(40);
  FakeFactory ref("java@1"), cand("java-direct@1", "n=1");
  for (const bool beside : {false, true}) {
    auto workers = CreateEngines({&ref, &cand}, 1);
    ASSERT_TRUE(workers.ok());
    RunOptions options;
    options.max_batch_cases = 2;
    options.records_beside = beside;
    FailingSink sink;
    auto stats = RunCases(Indexed(cases), *workers, options, sink, nullptr);
    EXPECT_EQ(stats.status().message(), "disk full");
    EXPECT_EQ(sink.writes.load(), 1);
  }
}

// A run of cases held packed: each batch's cases unpacked as it runs, the same records, and only
// the cases asked for (a shard's, or those a resumed run has not done), by their places.
TEST(Runner, CasesFromAStoreGiveTheRecordsOfTheCasesThemselves) {
  const auto cases = MakeCases(12);
  FakeFactory ref("java@1"), cand("java-direct@1", "n=1");
  const auto whole = RunAll(cases, {&ref, &cand}, 2);
  const CaseStore store(cases);
  auto workers = CreateEngines({&ref, &cand}, 2);
  ASSERT_TRUE(workers.ok());
  RunOptions options;
  options.jobs = 2;
  options.max_batch_cases = 3;
  CollectingSink sink;
  const std::vector<int64_t> odd = {1, 3, 5, 7, 9, 11};
  auto stats = RunCases(store, odd, *workers, options, sink, nullptr);
  ASSERT_TRUE(stats.ok()) << stats.status();
  EXPECT_EQ(stats->cases_done, 6);
  const auto records = sink.InCaseOrder();
  ASSERT_EQ(records.size(), odd.size());
  for (size_t i = 0; i < odd.size(); ++i)
    EXPECT_EQ(RecordToJson(records[i]).dump(), RecordToJson(whole[static_cast<size_t>(odd[i])]).dump());
}

TEST(Runner, AMemoryBudgetCutsBatchesToAWorkersShareAndRefusesACaseLargerThanItAll) {
  // Without its family, case n=i is taken to hold its i items (8 bytes each) once as a tape and
  // in one slot per engine: 24 i bytes on two.
  const auto cases = MakeCases(40);
  const std::vector<IndexedCase> indexed = Indexed(cases);
  RunOptions options;
  options.jobs = 2;
  options.memory_budget_bytes = 2400;
  auto estimated = EstimateMemory(indexed, EngineMix{2, 0, 0}, options);
  ASSERT_TRUE(estimated.ok()) << estimated.status();
  EXPECT_EQ((*estimated)[39].native, 24 * 39);
  EXPECT_EQ((*estimated)[39].java, 0);
  const auto batches = MakeBatches(indexed, options, *estimated);
  size_t i = 0;
  for (const auto& batch : batches) {
    int64_t held = 0;
    for (size_t k = 0; k < batch.size(); ++k) held += (*estimated)[i++].native;
    EXPECT_TRUE(held <= 1200 || batch.size() == 1) << held;
  }
  EXPECT_EQ(i, cases.size());
  EXPECT_GT(batches.size(), MakeBatches(indexed, RunOptions()).size());

  FakeFactory ref("java@1"), cand("cpp@1");
  auto workers = CreateEngines({&ref, &cand}, 2);
  ASSERT_TRUE(workers.ok());
  CollectingSink sink;
  ASSERT_TRUE(RunCases(indexed, *workers, options, sink, nullptr).ok());
  EXPECT_EQ(sink.records.size(), cases.size());

  options.memory_budget_bytes = 600;  // n=25 needs 600, n=26 more
  CollectingSink none;
  auto refused = RunCases(indexed, *workers, options, none, nullptr);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(refused.status().message().find("case hll/fake/n=26 would hold"), std::string::npos) << refused.status();
  EXPECT_TRUE(none.records.empty());
}

TEST(Runner, JavaEnginesWeighOnTheJavaHeapAndOutOfProcessEnginesOnNeither) {
  // Case n=i, without its family: a slot of its i items (8 bytes each) and its image as large.
  // On a Java engine and one in its own process: the tape and the two engines' images (8 i each)
  // in this process, neither engine's slot; the Java engine's slot, its image and the image again
  // in the buffer it answers in, in the Java heap.
  std::vector<Case> cases;
  for (int i = 0; i < 40; ++i)
    cases.push_back(CaseBuilder(absl::StrCat("hll/fake/n=", i), "hll.fake", "hll")
                        .Step("create", "a", {{"lg_k", 4}, {"type", "HLL_4"}})
                        .Update("a", Sequence(0, i))
                        .Step("serialize", "a", {{"form", "compact"}})
                        .Build());
  const std::vector<IndexedCase> indexed = Indexed(cases);
  RunOptions options;
  options.memory_budget_bytes = 1 << 20;
  options.java_heap_bytes = 1 << 20;
  auto estimated = EstimateMemory(indexed, EngineMix{0, 1, 1}, options);
  ASSERT_TRUE(estimated.ok()) << estimated.status();
  EXPECT_EQ((*estimated)[39].native, 8 * 39 + 2 * 8 * 39);
  EXPECT_EQ((*estimated)[39].java, 3 * 8 * 39);

  // Records made beside the engines keep a third answer (record_lane.h), unless a worker's share
  // of the budget has no room for it.
  RunOptions beside = options;
  beside.records_beside = true;
  beside.jobs = 2;
  beside.memory_budget_bytes = 2000;  // a share of 1000; n=39: 1248 bytes with three answers, 936 with two
  auto third = EstimateMemory(indexed, EngineMix{0, 1, 1}, beside);
  ASSERT_TRUE(third.ok()) << third.status();
  EXPECT_EQ((*third)[10].native, 8 * 10 + 3 * 8 * 10);
  EXPECT_EQ((*third)[39].native, 8 * 39 + 2 * 8 * 39);

  options.java_heap_bytes = 24 * 30;  // n=30 fits, n=31 does not
  auto refused = EstimateMemory(indexed, EngineMix{0, 1, 1}, options);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("case hll/fake/n=31 would hold about 1 MiB in the Java heap on a Java engine"),
            std::string::npos)
      << refused.status();
}

TEST(Runner, EachBatchGoesToTheSinkAsItFinishesTheLargestFirstAndCountsOnlyOnceTaken) {
  // Case n=i has i items: with two workers the last batch (the costliest) runs first, and its
  // records must not wait for the earlier batches. Progress counts a batch only once the sink
  // has it, so that "cases done" are cases kept.
  const auto cases = MakeCases(40);
  const std::vector<IndexedCase> indexed = Indexed(cases);
  FakeFactory ref("java@1"), cand("cpp@1");
  auto workers = CreateEngines({&ref, &cand}, 2);
  ASSERT_TRUE(workers.ok());
  RunOptions options;
  options.jobs = 2;
  options.max_batch_cases = 4;
  CollectingSink sink;
  std::vector<std::pair<int64_t, int64_t>> progress;  // cases done, cases the sink had then
  auto stats = RunCases(indexed, *workers, options, sink, [&](int64_t cases_run, double) {
    std::lock_guard<std::mutex> lock(sink.mu);
    progress.push_back({cases_run, sink.cases_taken});
  });
  ASSERT_TRUE(stats.ok()) << stats.status();
  ASSERT_EQ(sink.batches.size(), 10u);
  EXPECT_TRUE(sink.batches[0] == std::vector<int64_t>({36, 37, 38, 39}) ||
              sink.batches[0] == std::vector<int64_t>({32, 33, 34, 35}));  // whichever worker was first
  for (const auto& [done, taken] : progress) EXPECT_LE(done, taken);
  EXPECT_EQ(stats->cases_done, 40);
  EXPECT_EQ(stats->records, static_cast<int64_t>(sink.records.size()));
  // A batch's records are its cases', in case order.
  size_t at = 0;
  for (const auto& batch : sink.batches)
    for (int64_t ordinal : batch) {
      ASSERT_LT(at, sink.records.size());
      while (at < sink.records.size() && sink.records[at].index == ordinal) ++at;
    }
  EXPECT_EQ(at, sink.records.size());
}

TEST(Runner, StatsTellHowLongWorkersWaitedForMemoryAndForTheLastBatch) {
  // Two batches of 300 ms each that do not fit in the budget side by side: one worker waits for
  // memory while the other runs its batch, and then is idle while the other runs its own.
  const auto cases = MakeCases(40);
  const std::vector<IndexedCase> indexed = {{38, &cases[38]}, {39, &cases[39]}};
  std::vector<EngineSet> workers(2);
  for (EngineSet& set : workers) {
    auto e = std::make_unique<FakeEngine>("cpp@1", "", false);
    e->delay = std::chrono::milliseconds(300);
    set.push_back(std::move(e));
  }
  RunOptions options;
  options.jobs = 2;
  options.max_batch_cases = 1;
  options.memory_budget_bytes = 1000;  // holds either case (16 bytes an item on one engine), not both
  CollectingSink sink;
  auto stats = RunCases(indexed, workers, options, sink, nullptr);
  ASSERT_TRUE(stats.ok()) << stats.status();
  EXPECT_EQ(stats->cases_done, 2);
  EXPECT_GE(stats->workers_seconds, 0.6);
  // One worker runs a batch while the other waits for memory (unless the other came only after
  // it, then took the second batch at once): one batch's time lost waiting, and one idle at the end.
  EXPECT_GE(stats->memory_wait_seconds + stats->idle_at_end_seconds, 0.25);
  EXPECT_GE(stats->idle_at_end_seconds, 0.1);
  EXPECT_LE(stats->idle_at_end_seconds, stats->workers_seconds);

  // Without a budget both run at once: no wait for memory.
  options.memory_budget_bytes = 0;
  CollectingSink unbounded;
  stats = RunCases(indexed, workers, options, unbounded, nullptr);
  ASSERT_TRUE(stats.ok()) << stats.status();
  EXPECT_EQ(stats->memory_wait_seconds, 0.0);
  EXPECT_LT(stats->workers_seconds, 0.6);
}

TEST(Runner, AStopBetweenBatchesKeepsEveryBatchTakenAndSaysSo) {
  const auto cases = MakeCases(40);
  const std::vector<IndexedCase> indexed = Indexed(cases);
  FakeFactory ref("java@1"), cand("cpp@1");
  auto workers = CreateEngines({&ref, &cand}, 2);
  ASSERT_TRUE(workers.ok());
  RunOptions options;
  options.jobs = 2;
  options.max_batch_cases = 4;
  std::atomic<bool> stop{false};
  options.should_stop = [&] { return stop.load(); };
  CollectingSink sink;
  auto stats = RunCases(indexed, *workers, options, sink, [&](int64_t cases_run, double) {
    if (cases_run >= 8) stop = true;
  });
  ASSERT_TRUE(stats.ok()) << stats.status();
  EXPECT_TRUE(stats->interrupted);
  EXPECT_GE(stats->cases_done, 8);
  EXPECT_LT(stats->cases_done, 40);
  EXPECT_EQ(stats->cases_done, sink.cases_taken);
}

TEST(Runner, ProgressWeighsCasesByTheirItemsAndEndsAtTheWholeRun) {
  // Case n=i has i items: with two workers the largest batches run first, so the
  // work done runs ahead of the share of cases done.
  const auto cases = MakeCases(40);
  const std::vector<IndexedCase> indexed = Indexed(cases);
  FakeFactory ref("java@1"), cand("cpp@1");
  auto workers = CreateEngines({&ref, &cand}, 2);
  ASSERT_TRUE(workers.ok());
  RunOptions options;
  options.jobs = 2;
  options.max_batch_cases = 4;
  CollectingSink sink;
  std::mutex mu;
  std::vector<std::pair<int64_t, double>> calls;
  auto stats = RunCases(indexed, *workers, options, sink, [&](int64_t cases_run, double work_done) {
    std::lock_guard<std::mutex> lock(mu);
    calls.push_back({cases_run, work_done});
  });
  ASSERT_TRUE(stats.ok()) << stats.status();
  ASSERT_EQ(calls.size(), 10u);  // one per batch
  for (size_t i = 1; i < calls.size(); ++i) {
    EXPECT_GT(calls[i].first, calls[i - 1].first);
    EXPECT_GT(calls[i].second, calls[i - 1].second);
  }
  EXPECT_EQ(calls.back().first, 40);
  EXPECT_DOUBLE_EQ(calls.back().second, 1.0);
  EXPECT_GT(calls.front().second, 4.0 / 40);  // the first batch done is one of the costliest
}

TEST(Runner, DifferingFieldsCarryBothValues) {
  const auto cases = MakeCases(3);
  FakeFactory ref("java@1"), cand("java-direct@1", "n=2");
  const auto records = RunAll(cases, {&ref, &cand}, 1);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[1].verdict, Verdict::kEqual);
  ASSERT_EQ(records[2].verdict, Verdict::kDiffers);
  ASSERT_EQ(records[2].diffs.size(), 1u);
  EXPECT_EQ(records[2].diffs[0].field, "a.estimate");
  EXPECT_EQ(records[2].diffs[0].reference.AsDouble(), 2.0);
  EXPECT_EQ(records[2].diffs[0].candidate.AsDouble(), 3.0);
}

TEST(Runner, AFailingEngineIsAnErrorVerdictNotAnAbortedRun) {
  const auto cases = MakeCases(5);
  FakeFactory ref("java@1"), broken("cpp@x", "", true);
  const auto records = RunAll(cases, {&ref, &broken}, 2, 2);
  ASSERT_EQ(records.size(), 5u);
  for (const auto& r : records) {
    EXPECT_EQ(r.verdict, Verdict::kError);
    EXPECT_NE(r.note.find("signal 11"), std::string::npos);
  }
}

TEST(Runner, CrossStagesCompareEachReaderWithTheWriterReadingItself) {
  std::vector<Case> cases = {CaseBuilder("hll/fake/cross", "hll.fake", "hll")
                                 .Step("create", "a", {{"lg_k", 4}, {"type", "HLL_4"}})
                                 .Step("serialize", "a", {{"form", "compact"}})
                                 .Cross({"a.compact"})
                                 .Step("deserialize", "b", {{"image", "a.compact"}, {"mode", "heapify"}})
                                 .Build()};
  FakeFactory ref("java@1"), cand("cpp@1");
  const auto records = RunAll(cases, {&ref, &cand}, 1);
  // first stage (images differ by engine), then java's images read by cpp, then cpp's read by java.
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].verdict, Verdict::kDiffers);
  EXPECT_EQ(records[1].writer, "java@1");
  EXPECT_EQ(records[1].candidate, "cpp@1");
  EXPECT_EQ(records[1].verdict, Verdict::kEqual);  // both echo java's image
  EXPECT_EQ(records[2].writer, "cpp@1");
  EXPECT_EQ(records[2].reference, "cpp@1");
  EXPECT_EQ(records[2].candidate, "java@1");
}

// Every Java engine lives in the one JVM: in engine_turns.h's sense they share a library.
TEST(EngineTurns, PicksAnEngineWhoseLibraryNoWorkerIsIn) {
  EngineSet engines;
  for (const std::string name : {"java@1", "java-direct@1", "cpp@1"}) {
    auto e = std::make_unique<FakeEngine>(name, "", false);
    if (name.rfind("java", 0) == 0) e->home = MemoryHome::kJavaHeap;
    engines.push_back(std::move(e));
  }
  const EngineTurns turns(engines);
  EXPECT_EQ(turns.Pick({0, 2}), 0u);
  {
    const EngineTurns::Turn other_worker(&turns, 1);  // in java-direct
    EXPECT_EQ(turns.Pick({0, 2}), 2u);
    EXPECT_EQ(turns.Pick({0, 1}), 0u);  // none free: the first
    EXPECT_EQ(turns.Pick({2, 0}), 2u);
  }
  EXPECT_EQ(turns.Pick({0, 2}), 0u);
  const EngineTurns::Turn none(nullptr, 0);  // a run of one worker keeps no turns
}

// While another worker is in Java, a worker starts its batch on the native engine: the reference
// (java) runs after it, and the cross stages begin with the native engine's images; the records
// are those of the fixed order.
TEST(Runner, AWorkerStartsWithAnEngineNoOtherWorkerIsInAndMakesTheSameRecords) {
  std::vector<Case> cases = {CaseBuilder("hll/fake/cross", "hll.fake", "hll")
                                 .Step("create", "a", {{"lg_k", 4}, {"type", "HLL_4"}})
                                 .Update("a", Sequence(0, 5))
                                 .Step("serialize", "a", {{"form", "compact"}})
                                 .Cross({"a.compact"})
                                 .Step("deserialize", "b", {{"image", "a.compact"}, {"mode", "heapify"}})
                                 .Build()};
  const std::vector<IndexedCase> batch = Indexed(cases);
  const std::vector<std::string> names = {"java@1", "cpp@1"};
  auto records_and_calls = [&](bool java_busy) {
    EngineSet engines;
    std::vector<std::string> calls;
    for (const std::string& name : names) {
      auto e = std::make_unique<FakeEngine>(name, "", false);
      if (name == "java@1") e->home = MemoryHome::kJavaHeap;
      e->calls = &calls;
      engines.push_back(std::move(e));
    }
    const EngineTurns turns(engines);
    std::optional<EngineTurns::Turn> other_worker;
    if (java_busy) other_worker.emplace(&turns, 0);
    std::vector<std::string> json;
    for (const Record& r : RunBatchRecords(batch, engines, names, RunOptions(), nullptr, nullptr, &turns))
      json.push_back(RecordToJson(r).dump());
    return std::make_pair(json, calls);
  };
  const auto [fixed, fixed_calls] = records_and_calls(false);
  const auto [turned, turned_calls] = records_and_calls(true);
  EXPECT_EQ(fixed_calls, (std::vector<std::string>{"java@1", "cpp@1", "java@1", "cpp@1", "cpp@1", "java@1"}));
  EXPECT_EQ(turned_calls, (std::vector<std::string>{"cpp@1", "java@1", "cpp@1", "java@1", "cpp@1", "java@1"}));
  ASSERT_EQ(fixed.size(), 3u);  // the first stage's pair, then each writer's cross stage
  EXPECT_EQ(turned, fixed);
}

TEST(Runner, InvariantsAreCheckedOnEveryEngine) {
  std::vector<Case> cases = {CaseBuilder("hll/fake/inv", "hll.fake", "hll")
                                 .Step("create", "a", {{"lg_k", 4}, {"type", "HLL_4"}})
                                 .Check("equal", {"a.estimate", "a.compact"})
                                 .Build()};
  FakeFactory ref("java@1"), cand("cpp@1");
  const auto records = RunAll(cases, {&ref, &cand}, 1);
  ASSERT_EQ(records.size(), 3u);  // cpp vs java, then java's own and cpp's own invariants
  EXPECT_EQ(records[1].reference, "java@1");
  EXPECT_EQ(records[1].candidate, "java@1");
  EXPECT_EQ(records[1].verdict, Verdict::kDiffers);  // a double is never equal to bytes
  EXPECT_EQ(records[1].diffs[0].field, "equal: a.compact vs a.estimate");
}

}  // namespace
}  // namespace dsconform
