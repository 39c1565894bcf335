// The out-of-process client against fault_engine_main.cc: a crash, a hang or
// garbage is a verdict on the guilty case, never the end of the run.
#include "harness/engine/process/process_engine.h"

#include <dirent.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/run/runner.h"

namespace dsconform {
namespace {

ProcessEngineSpec FaultEngine(const std::string& name, bool faults, absl::Duration timeout = absl::Seconds(30)) {
  ProcessEngineSpec spec;
  spec.command = {DSCONFORM_FAULT_ENGINE, "--name=" + name};
  if (faults) spec.command.push_back("--faults");
  spec.case_timeout = timeout;
  return spec;
}

std::unique_ptr<EngineFactory> Factory(const ProcessEngineSpec& spec) {
  auto f = MakeProcessEngineFactory(spec);
  EXPECT_TRUE(f.ok()) << f.status();
  return f.ok() ? std::move(*f) : nullptr;
}

Case MakeCase(const std::string& id, int64_t n) {
  return CaseBuilder(id, "hll.process", "hll")
      .Step("create", "a", {{"lg_k", 4}, {"type", "HLL_4"}})
      .Update("a", Sequence(n, 3))
      .Build();
}

std::vector<Case> MakeCases(const std::vector<std::string>& ids) {
  std::vector<Case> cases;
  for (size_t i = 0; i < ids.size(); ++i) cases.push_back(MakeCase(ids[i], static_cast<int64_t>(i)));
  return cases;
}

class CollectingSink : public RecordSink {
 public:
  // One worker: batches, and so records, in case order.
  absl::Status Write(const std::vector<IndexedCase>&, std::vector<Record> batch) override {
    for (auto& r : batch) records.push_back(std::move(r));
    return absl::OkStatus();
  }
  std::vector<Record> records;
};

std::vector<Record> RunAll(const std::vector<Case>& cases, const std::vector<EngineFactory*>& factories,
                           int batch = 64) {
  std::vector<IndexedCase> indexed;
  for (size_t i = 0; i < cases.size(); ++i) indexed.push_back({static_cast<int64_t>(i), &cases[i]});
  auto workers = CreateEngines(factories, 1);
  EXPECT_TRUE(workers.ok()) << workers.status();
  if (!workers.ok()) return {};
  RunOptions options;
  options.max_batch_cases = batch;
  CollectingSink sink;
  auto stats = RunCases(indexed, *workers, options, sink, nullptr);
  EXPECT_TRUE(stats.ok()) << stats.status();
  return sink.records;
}

// What a record says about an engine failure: the runner's note, or the
// engine_failure field among the differences.
std::string FailureOf(const Record& r) {
  if (!r.note.empty()) return r.note;
  for (const auto& d : r.diffs)
    if (d.field == kEngineFailureField) return absl::StrCat(d.candidate.error_class, ": ", d.candidate.bytes);
  return "";
}

const Value* Failure(const Observations& obs) {
  if (obs.fields.size() != 1 || obs.fields[0].name != kEngineFailureField) return nullptr;
  return &obs.fields[0].value;
}

TEST(ProcessEngine, TheFactoryLearnsNameAndFamiliesFromHello) {
  auto factory = Factory(FaultEngine("healthy@1", false));
  ASSERT_NE(factory, nullptr);
  EXPECT_EQ(factory->name(), "healthy@1");
  auto engine = factory->Create();
  ASSERT_TRUE(engine.ok()) << engine.status();
  EXPECT_EQ((*engine)->name(), "healthy@1");
  EXPECT_EQ((*engine)->kind(), "healthy");
  EXPECT_TRUE((*engine)->SupportsFamily("hll"));
  EXPECT_FALSE((*engine)->SupportsFamily("kll"));
}

TEST(ProcessEngine, ObservationsCrossTheProcessBoundaryUnchanged) {
  auto factory = Factory(FaultEngine("healthy@1", false));
  auto engine = factory->Create();
  ASSERT_TRUE(engine.ok());
  const Case c = MakeCase("hll/process/one", -3);
  const PreparedStage stage = PrepareStage(c, c.ops);
  auto out = (*engine)->Run(absl::MakeConstSpan(&stage, 1));
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 1u);
  const Observations& obs = (*out)[0];
  ASSERT_NE(obs.Find("echo.tapes"), nullptr);
  EXPECT_EQ(obs.Find("echo.tapes")->bytes, *stage.tapes[0]);
  EXPECT_EQ(obs.Find("echo.nan")->bits, 0x7ff8000000000123ull);
  EXPECT_EQ(obs.Find("echo.negzero")->bits, 0x8000000000000000ull);
  EXPECT_EQ(static_cast<int64_t>(obs.Find("echo.min")->bits), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(obs.Find("echo.text")->bytes, "été 日本 😀");
  EXPECT_EQ(obs.Find("echo.error")->error_class, "std::invalid_argument");
  EXPECT_EQ(obs.Find("other.step")->kind, Value::Kind::kUnsupported);
}

TEST(ProcessEngine, OnlyTheStageThatCrashedCarriesTheFailure) {
  auto factory = Factory(FaultEngine("faulty@1", true));
  auto engine = factory->Create();
  ASSERT_TRUE(engine.ok());
  const auto cases = MakeCases({"hll/ok/0", "hll/crash/1", "hll/ok/2"});
  std::vector<PreparedStage> stages;
  for (const auto& c : cases) stages.push_back(PrepareStage(c, c.ops));
  auto out = (*engine)->Run(stages);
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 3u);
  EXPECT_EQ(Failure((*out)[0]), nullptr);
  EXPECT_EQ(Failure((*out)[2]), nullptr);
  EXPECT_NE((*out)[2].Find("echo.tapes"), nullptr);
  const Value* failure = Failure((*out)[1]);
  ASSERT_NE(failure, nullptr);
  EXPECT_EQ(failure->kind, Value::Kind::kError);
  EXPECT_EQ(failure->error_class, "crash");
  EXPECT_TRUE(absl::StartsWith(failure->bytes, "crashed: signal 11 (SIGSEGV)")) << failure->bytes;
  // The tail of the engine's stderr says what it was doing.
  EXPECT_TRUE(absl::StrContains(failure->bytes, "about to crash on case hll/crash/1")) << failure->bytes;

  // The engine was restarted: the next batch runs as usual.
  auto again = (*engine)->Run(absl::MakeConstSpan(&stages[0], 1));
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(Failure((*again)[0]), nullptr);
}

TEST(ProcessEngine, CrashHangGarbageAndExitAreVerdictsOfTheirCaseOnly) {
  auto healthy = Factory(FaultEngine("healthy@1", false));
  auto faulty = Factory(FaultEngine("faulty@1", true, absl::Seconds(1)));
  ASSERT_NE(healthy, nullptr);
  ASSERT_NE(faulty, nullptr);
  const auto cases = MakeCases({"hll/ok/0", "hll/crash/1", "hll/ok/2", "hll/hang/3", "hll/garbage/4", "hll/ok/5",
                                "hll/exit3/6", "hll/reject/7"});
  const absl::Time start = absl::Now();
  const auto records = RunAll(cases, {healthy.get(), faulty.get()});
  EXPECT_LT(absl::Now() - start, absl::Seconds(20));  // the hang cost its timeout, not the run
  ASSERT_EQ(records.size(), cases.size());
  for (const Record& r : records) {
    EXPECT_EQ(r.reference, "healthy@1");
    EXPECT_EQ(r.candidate, "faulty@1");
    if (absl::StrContains(r.case_id, "/ok/")) {
      EXPECT_EQ(r.verdict, Verdict::kEqual) << r.case_id << ": " << RecordToJson(r).dump();
      EXPECT_GT(r.fields_compared, 0);
      continue;
    }
    EXPECT_TRUE(VerdictFails(r.verdict)) << r.case_id;
    const std::string failure = FailureOf(r);
    if (absl::StrContains(r.case_id, "crash")) {
      EXPECT_TRUE(absl::StrContains(failure, "crashed: signal 11 (SIGSEGV)")) << failure;
    } else if (absl::StrContains(r.case_id, "hang")) {
      EXPECT_TRUE(absl::StrContains(failure, "timeout: timed out after 1 s")) << failure;
    } else if (absl::StrContains(r.case_id, "garbage")) {
      EXPECT_TRUE(absl::StrContains(failure, "protocol: protocol error: header length")) << failure;
    } else if (absl::StrContains(r.case_id, "exit3")) {
      EXPECT_TRUE(absl::StrContains(failure, "crash: exited with status 3")) << failure;
    } else {
      EXPECT_TRUE(absl::StrContains(failure, "rejected: rejected the stage: case hll/reject/7: refused")) << failure;
    }
  }
}

// A hang in a full batch costs about two case timeouts (the batch's budget, then the hung stage
// alone), not one per stage of the batch: 64 s here under the old rule of n case timeouts.
TEST(ProcessEngine, AHangInABatchOf64CostsAboutTwoCaseTimeouts) {
  auto healthy = Factory(FaultEngine("healthy@1", false));
  auto faulty = Factory(FaultEngine("faulty@1", true, absl::Seconds(1)));
  ASSERT_NE(healthy, nullptr);
  ASSERT_NE(faulty, nullptr);
  std::vector<std::string> ids;
  for (int i = 0; i < 128; ++i) ids.push_back(absl::StrCat(i == 100 ? "hll/hang/" : "hll/ok/", i));
  const auto cases = MakeCases(ids);
  const absl::Time start = absl::Now();
  const auto records = RunAll(cases, {healthy.get(), faulty.get()});  // the hang in the second batch
  EXPECT_LT(absl::Now() - start, absl::Seconds(20));
  ASSERT_EQ(records.size(), cases.size());
  for (const Record& r : records) {
    if (absl::StrContains(r.case_id, "hang")) {
      EXPECT_TRUE(absl::StrContains(FailureOf(r), "timeout: timed out after 1 s")) << FailureOf(r);
    } else {
      EXPECT_EQ(r.verdict, Verdict::kEqual) << r.case_id;
    }
  }
}

// A stage that corrupts the engine's heap without crashing ("taint") makes every later stage on
// its process crash. Isolated, each stage runs on a fresh process: the crash stays with the case
// that crashed alone, and the case after the taint is not blamed.
TEST(ProcessEngine, IsolatedStagesRunOnFreshProcessesSoAHeapCorruptionBlamesNoOtherCase) {
  auto healthy = Factory(FaultEngine("healthy@1", false));
  auto faulty = Factory(FaultEngine("faulty@1", true));
  ASSERT_NE(healthy, nullptr);
  ASSERT_NE(faulty, nullptr);
  const auto records =
      RunAll(MakeCases({"hll/ok/0", "hll/crash/1", "hll/taint/2", "hll/ok/3"}), {healthy.get(), faulty.get()});
  ASSERT_EQ(records.size(), 4u);
  EXPECT_TRUE(absl::StrContains(FailureOf(records[1]), "crashed: signal 11 (SIGSEGV)")) << FailureOf(records[1]);
  for (int i : {0, 2, 3}) EXPECT_EQ(records[i].verdict, Verdict::kEqual) << records[i].case_id << ": " << FailureOf(records[i]);
}

TEST(ProcessEngine, AMemoryLimitTurnsAnAllocationOfGigabytesIntoACrashOfItsCase) {
  ProcessEngineSpec spec = FaultEngine("faulty@1", true);
  spec.memory_limit_mib = 512;
  auto faulty = Factory(spec);
  auto healthy = Factory(FaultEngine("healthy@1", false));
  ASSERT_NE(faulty, nullptr);
  ASSERT_NE(healthy, nullptr);
  const auto records = RunAll(MakeCases({"hll/ok/0", "hll/hog/1", "hll/ok/2"}), {healthy.get(), faulty.get()});
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].verdict, Verdict::kEqual);
  EXPECT_EQ(records[2].verdict, Verdict::kEqual);
  const std::string failure = FailureOf(records[1]);
  EXPECT_TRUE(absl::StrContains(failure, "crashed: signal 6 (SIGABRT)")) << failure;
  EXPECT_TRUE(absl::StrContains(failure, "bad_alloc")) << failure;
}

// Three cases that each leak 64 MiB, a batch each, in a process allowed 160 MiB of data: the
// third fails its allocation unless a process past 32 MiB resident is retired after its batch.
std::vector<Record> RunLeaks(int64_t retire_above_mib) {
  ProcessEngineSpec spec = FaultEngine("faulty@1", true);
  spec.memory_limit_mib = 160;
  spec.retire_above_mib = retire_above_mib;
  auto faulty = Factory(spec);
  auto healthy = Factory(FaultEngine("healthy@1", false));
  if (faulty == nullptr || healthy == nullptr) return {};
  return RunAll(MakeCases({"hll/leak/0", "hll/leak/1", "hll/leak/2"}), {healthy.get(), faulty.get()}, 1);
}

TEST(ProcessEngine, AProcessThatKeepsWhatItLeaksRunsOutOfMemory) {
  const auto records = RunLeaks(0);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].verdict, Verdict::kEqual);
  EXPECT_TRUE(absl::StrContains(FailureOf(records[2]), "bad_alloc")) << FailureOf(records[2]);
}

TEST(ProcessEngine, AProcessPastItsResidentLimitIsRetiredAfterItsBatch) {
  const auto records = RunLeaks(32);
  ASSERT_EQ(records.size(), 3u);
  for (const auto& r : records) EXPECT_EQ(r.verdict, Verdict::kEqual) << r.case_id << ": " << FailureOf(r);
}

TEST(ProcessEngine, AMemoryLimitWithoutPrlimitSaysWhatIsMissing) {
  const char* path = std::getenv("PATH");
  const std::string saved = path ? path : "";
  setenv("PATH", "/nonexistent", 1);
  ProcessEngineSpec spec = FaultEngine("faulty@1", true);
  spec.memory_limit_mib = 512;
  auto factory = MakeProcessEngineFactory(spec);
  setenv("PATH", saved.c_str(), 1);
  ASSERT_FALSE(factory.ok());
  EXPECT_TRUE(absl::StrContains(factory.status().message(), "util-linux's prlimit, which must be in PATH"))
      << factory.status();
}

TEST(ProcessEngine, CrossStagesReadTheWritersImages) {
  auto a = Factory(FaultEngine("healthy@1", false));
  auto b = Factory(FaultEngine("healthy@2", false));
  std::vector<Case> cases;
  for (int i = 0; i < 3; ++i) {
    cases.push_back(CaseBuilder(absl::StrCat("hll/cross/", i), "hll.process", "hll")
                        .Step("create", "a", {{"lg_k", 4}, {"type", "HLL_4"}})
                        .Update("a", Sequence(i, 10))
                        .Cross({"echo.tapes"})
                        .Step("deserialize", "b", {{"image", "echo.tapes"}})
                        .Update("b", Random(i, 5))
                        .Build());
  }
  const auto records = RunAll(cases, {a.get(), b.get()}, 2);
  int cross = 0;
  for (const Record& r : records) {
    EXPECT_EQ(r.verdict, Verdict::kEqual) << RecordToJson(r).dump();
    if (!r.writer.empty()) ++cross;
  }
  EXPECT_EQ(cross, 6);  // per case: each writer's images read by the other engine
}

TEST(ProcessEngine, AProgramThatIsNotAnEngineFailsAtHello) {
  ProcessEngineSpec spec;
  spec.command = {"true"};
  auto f = MakeProcessEngineFactory(spec);
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().message(), "engine `true` failed at hello: exited with status 0");

  spec.command = {"cat"};  // echoes our hello, which names no engine
  f = MakeProcessEngineFactory(spec);
  ASSERT_FALSE(f.ok());
  EXPECT_TRUE(absl::StrContains(f.status().message(), "member \"engine\" must be a string")) << f.status();

  spec.command = {"sh", "-c", "echo 'no engine here' >&2; exit 1"};
  f = MakeProcessEngineFactory(spec);
  ASSERT_FALSE(f.ok());
  EXPECT_TRUE(absl::StrContains(f.status().message(), "exited with status 1; its stderr:\nno engine here"))
      << f.status();

  spec.command = {"sleep", "30"};
  spec.case_timeout = absl::Milliseconds(300);
  f = MakeProcessEngineFactory(spec);
  ASSERT_FALSE(f.ok());
  EXPECT_TRUE(absl::StrContains(f.status().message(), "timed out after 0.3 s")) << f.status();
}

TEST(ProcessEngine, AnEngineWithAnotherNameThanTheSpecSaysIsRefused) {
  ProcessEngineSpec spec = FaultEngine("python@5.1.0", false);
  spec.expected_name = "python@5.2.0";
  auto f = MakeProcessEngineFactory(spec);
  ASSERT_FALSE(f.ok());
  EXPECT_TRUE(absl::StrContains(f.status().message(), "it says it is python@5.1.0, not python@5.2.0")) << f.status();
}

// This process's children, from /proc (empty when the kernel does not list them).
std::vector<std::string> Children(bool* known) {
  std::vector<std::string> pids;
  *known = false;
  DIR* dir = opendir("/proc/self/task");
  if (dir == nullptr) return pids;
  while (dirent* e = readdir(dir)) {
    if (e->d_name[0] == '.') continue;
    std::ifstream in(absl::StrCat("/proc/self/task/", e->d_name, "/children"));
    if (!in) continue;
    *known = true;
    std::string pid;
    while (in >> pid) pids.push_back(pid);
  }
  closedir(dir);
  return pids;
}

TEST(ProcessEngine, DestroyingTheEnginesEndsAndReapsTheirProcesses) {
  bool known = false;
  const size_t before = Children(&known).size();
  if (!known) GTEST_SKIP() << "this kernel does not list children in /proc/self/task/*/children";
  {
    auto factory = Factory(FaultEngine("healthy@1", false));
    auto e1 = factory->Create();
    auto e2 = factory->Create();
    ASSERT_TRUE(e1.ok() && e2.ok());
    EXPECT_EQ(Children(&known).size(), before + 2);
  }
  EXPECT_EQ(Children(&known).size(), before);  // a zombie would still be listed
}

}  // namespace
}  // namespace dsconform
