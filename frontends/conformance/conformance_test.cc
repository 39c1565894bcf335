// The conformance tests: one parameterized test per case of every suite, run
// on real engines, so ctest, --gtest_filter, GTEST_TOTAL_SHARDS/GTEST_SHARD_INDEX
// and --gtest_output=xml come with it.
//
//   DSCONFORM_SCALE         smoke (default), reduced or full
//   DSCONFORM_SUITE         suite globs, comma-separated (default every suite)
//   DSCONFORM_ENGINES       engine specs (default auto: java and the native engine, when built)
//   DSCONFORM_EXPECTATIONS  known differences, files or directories, comma-separated (default sketches/:
//                           every family's known_differences.jsonl)
//   DSCONFORM_JVM_OPTIONS   extra JVM options, comma-separated (as --jvm_options)
#include <cstdlib>
#include <map>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "frontends/cli/case_selection.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/engine_catalog.h"
#include "harness/run/memory_budget.h"
#include "harness/run/runner.h"
#include "reports/record_text.h"
#include "sketches/compiled_families.h"

namespace dsconform {
namespace {

std::string Env(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? v : fallback;
}

// Packed: the full scale of a family is tens of thousands of cases.
const CaseStore& Cases() {
  static const auto* cases = [] {
    auto scale = ParseScale(Env("DSCONFORM_SCALE", "smoke"));
    auto selected = scale.ok() ? SelectCases(SplitList(Env("DSCONFORM_SUITE", "*")), *scale, {})
                               : absl::StatusOr<CaseStore>(scale.status());
    if (!selected.ok()) {
      std::fprintf(stderr, "conformance_test: %s\n", std::string(selected.status().message()).c_str());
      std::exit(2);
    }
    return new CaseStore(std::move(*selected));
  }();
  return *cases;
}

std::vector<size_t> CaseIndices() {
  std::vector<size_t> v(Cases().size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = i;
  return v;
}

// The memory budget `dsconform run --memory` would have: DSCONFORM_MEMORY MiB, or the machine's
// default. The Java heap and what the cases may hold come from it, as in a run.
int64_t MemoryBudget() {
  int64_t mib = 0;
  const std::string given = Env("DSCONFORM_MEMORY", "");
  if (!given.empty() && (!absl::SimpleAtoi(given, &mib) || mib <= 0)) {
    std::fprintf(stderr, "conformance_test: DSCONFORM_MEMORY=%s is not a number of MiB above 0\n", given.c_str());
    std::exit(2);
  }
  return mib > 0 ? mib << 20 : DefaultMemoryBudget(PhysicalMemoryBytes());
}

// One set of engines (one JVM) for the whole process.
class Engines : public ::testing::Environment {
 public:
  void SetUp() override {
    EngineRequest request;
    request.specs = SplitList(Env("DSCONFORM_ENGINES", "auto"));
    request.jvm_options = SplitList(Env("DSCONFORM_JVM_OPTIONS", ""));
    request.memory_budget_bytes = MemoryBudget();
    auto factories = ResolveEngines(request);
    ASSERT_TRUE(factories.ok()) << factories.status();
    factories_ = std::move(*factories);
    std::vector<EngineFactory*> raw;
    for (auto& f : factories_) raw.push_back(f.get());
    auto workers = CreateEngines(raw, 1);
    ASSERT_TRUE(workers.ok()) << workers.status();
    workers_ = std::move(*workers);
    auto loaded = LoadKnownDifferences(SplitList(Env("DSCONFORM_EXPECTATIONS", DSCONFORM_SOURCE_DIR "/sketches")));
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    known_ = std::move(*loaded);
    std::string names;
    for (const auto& e : workers_[0]) absl::StrAppend(&names, names.empty() ? "" : ", ", e->name());
    std::fprintf(stderr, "conformance_test: %zu cases on %s\n", Cases().size(), names.c_str());
  }
  static std::vector<EngineSet>& workers() { return workers_; }
  static const KnownDifferences& known() { return known_; }

 private:
  std::vector<std::unique_ptr<EngineFactory>> factories_;
  static std::vector<EngineSet> workers_;
  static KnownDifferences known_;
};
std::vector<EngineSet> Engines::workers_;
KnownDifferences Engines::known_;

class Collect : public RecordSink {
 public:
  // One case per run: its records in order.
  absl::Status Write(const std::vector<IndexedCase>&, std::vector<Record> batch) override {
    for (auto& r : batch) records.push_back(std::move(r));
    return absl::OkStatus();
  }
  std::vector<Record> records;
};

class Conformance : public ::testing::TestWithParam<size_t> {};

TEST_P(Conformance, EnginesAgree) {
  ASSERT_FALSE(Engines::workers().empty()) << "engines failed to start";
  auto unpacked = Cases().Unpack(GetParam());
  ASSERT_TRUE(unpacked.ok()) << unpacked.status();
  const Case& c = *unpacked;
  RunOptions options;
  options.known_differences = &Engines::known();
  options.families = &CompiledFamilies();
  // A case larger than the budget fails here as the run refuses it, before it runs.
  options.memory_budget_bytes = CasesBytes(MemoryBudget());
  options.java_heap_bytes = JavaHeapBytes(MemoryBudget());
  Collect sink;
  auto stats = RunCases({{static_cast<int64_t>(GetParam()), &c}}, Engines::workers(), options, sink, nullptr);
  ASSERT_TRUE(stats.ok()) << stats.status();
  ASSERT_FALSE(sink.records.empty());
  for (const Record& r : sink.records) {
    std::string detail;
    for (const FieldDiff& d : r.diffs) {
      if (d.known) continue;
      absl::StrAppend(&detail, "\n  ", FieldDiffLine(d));
      for (const auto& x : d.decoded) absl::StrAppend(&detail, "\n      ", DecodedDiffText(x));
    }
    EXPECT_FALSE(VerdictFails(r.verdict)) << RecordHeadline(r) << (r.note.empty() ? "" : "\n  " + r.note) << detail
                                          << "\n  reproduce: " << ReproCommand(r, RunInfo{});
  }
}

std::string TestName(const ::testing::TestParamInfo<size_t>& info) {
  std::string name;
  for (char ch : Cases().id(info.param)) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return absl::StrCat(name, "_", info.param);
}

INSTANTIATE_TEST_SUITE_P(Cases, Conformance, ::testing::ValuesIn(CaseIndices()), TestName);

}  // namespace
}  // namespace dsconform

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new dsconform::Engines());
  return RUN_ALL_TESTS();
}
