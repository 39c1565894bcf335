#include "harness/bench/serial_pass.h"

#include <chrono>

#include "harness/run/batch_records.h"

namespace dsconform {
namespace {

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

absl::StatusOr<SerialPassTimes> RunSerialPass(const CaseStore& cases, EngineSet& engines, const RunOptions& options,
                                              RecordSink& sink) {
  if (engines.empty()) return absl::InvalidArgumentError("no engines to run");
  std::vector<std::string> names;
  for (const auto& e : engines) names.push_back(e->name());
  if (options.reference >= names.size()) return absl::InvalidArgumentError("reference engine index out of range");

  SerialPassTimes t;
  auto start = std::chrono::steady_clock::now();
  auto plan = PlanCases(cases, EveryCase(cases), MixOf(engines), options);
  if (!plan.ok()) return plan.status();
  t.unpack_seconds += SecondsSince(start);
  TapeCache tapes;  // as RunCases has
  for (std::vector<IndexedCase> batch : MakeBatches(*plan, options)) {
    if (options.should_stop && options.should_stop()) {
      t.interrupted = true;
      break;
    }
    start = std::chrono::steady_clock::now();
    std::vector<Case> unpacked;
    if (auto st = OpenBatch(batch, cases, unpacked); !st.ok()) return st;
    t.unpack_seconds += SecondsSince(start);

    BatchTimes times;
    std::vector<Record> records = RunBatchRecords(batch, engines, names, options, &tapes, &times);
    t.execute_seconds += times.execute_seconds;
    t.records_seconds += times.records_seconds;

    start = std::chrono::steady_clock::now();
    t.records += static_cast<int64_t>(records.size());
    if (auto st = sink.Write(batch, std::move(records)); !st.ok()) return st;
    t.sink_seconds += SecondsSince(start);
    ++t.batches;
  }
  return t;
}

}  // namespace dsconform
