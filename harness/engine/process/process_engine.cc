#include "harness/engine/process/process_engine.h"

#include <atomic>
#include <cstdio>
#include <mutex>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/engine/process/batch_budget.h"
#include "harness/engine/process/engine_connection.h"
#include "harness/engine/process/process_memory.h"

namespace dsconform {
namespace {

// What every engine of one factory shares: how to start it and what it said it is.
struct Launch {
  ProcessEngineSpec spec;
  EngineHello hello;
  mutable std::atomic<bool> retired_once{false};  // said on stderr the first time only
};

Observations FailureObservations(const std::string& cls, const std::string& message) {
  Observations obs;
  obs.Add(kEngineFailureField, Value::Error(cls, message));
  return obs;
}

Observations FromResult(StageResult result) {
  if (!result.rejected.empty()) return FailureObservations("rejected", "rejected the stage: " + result.rejected);
  return std::move(result.observations);
}

class ProcessEngine final : public Engine {
 public:
  ProcessEngine(std::shared_ptr<const Launch> launch, std::unique_ptr<EngineConnection> conn)
      : launch_(std::move(launch)), conn_(std::move(conn)), budget_(launch_->spec.case_timeout) {}

  std::string name() const override { return launch_->hello.engine; }
  std::string kind() const override { return name().substr(0, name().find('@')); }
  const Capabilities& capabilities() const override { return launch_->hello.families; }
  MemoryHome memory_home() const override { return MemoryHome::kOwnProcess; }

  absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) override {
    if (stages.empty()) return std::vector<Observations>();
    if (!launch_->retired_once || stages.size() == 1) return RunBatch(stages);
    // This engine's processes grow (one was retired): a stage at a time, each followed by the
    // check, so that one batch cannot grow a process by the sum of its stages.
    std::vector<Observations> out;
    out.reserve(stages.size());
    for (const PreparedStage& stage : stages) {
      auto one = RunBatch(absl::MakeConstSpan(&stage, 1));
      if (!one.ok()) return one.status();
      out.push_back(std::move((*one)[0]));
    }
    return out;
  }

 private:
  absl::StatusOr<std::vector<Observations>> RunBatch(absl::Span<const PreparedStage> stages) {
    if (auto st = Connect(); !st.ok()) return st;
    const absl::Duration budget = budget_.For(stages.size());
    BatchAnswer answer = Timed(stages, budget);
    if (!answer.failure) {
      RetireIfLarge();
      return Collect(std::move(answer.results));
    }
    conn_.reset();
    if (stages.size() == 1) return std::vector<Observations>{Failed(*answer.failure)};
    return Isolate(stages, *answer.failure, budget);
  }

  absl::Status Connect() {
    if (conn_) return absl::OkStatus();
    auto conn = EngineConnection::Start(launch_->spec);
    if (!conn.ok())
      return absl::UnavailableError(absl::StrCat("could not restart ", name(), ": ", conn.status().message()));
    if ((*conn)->hello().engine != name())
      return absl::FailedPreconditionError(
          absl::StrCat("restarted ", name(), " now says it is ", (*conn)->hello().engine));
    conn_ = std::move(*conn);
    return absl::OkStatus();
  }

  // Ends the process when it holds more than the spec allows; Connect starts the next.
  void RetireIfLarge() {
    const int64_t limit = launch_->spec.retire_above_mib;
    if (limit <= 0) return;
    const int64_t resident = ResidentBytesOf(conn_->pid());
    if (resident <= (limit << 20)) return;
    conn_.reset();
    if (!launch_->retired_once.exchange(true))
      std::fprintf(stderr,
                   "dsconform: %s's process held %lld MiB after a batch, past its %lld MiB: it is ended, the next "
                   "batch starts a fresh one, and its stages go one at a time from now on (said once; see --memory)\n",
                   name().c_str(), static_cast<long long>(resident >> 20), static_cast<long long>(limit));
  }

  // Runs the stages on the connection within `budget`; an answer in time teaches the budget.
  BatchAnswer Timed(absl::Span<const PreparedStage> stages, absl::Duration budget) {
    const absl::Time start = absl::Now();
    BatchAnswer answer = conn_->Run(stages, budget);
    if (!answer.failure) budget_.Answered(stages.size(), absl::Now() - start);
    return answer;
  }

  static Observations Failed(const EngineFailure& f) { return FailureObservations(f.cls, f.Text()); }

  static std::vector<Observations> Collect(std::vector<StageResult> results) {
    std::vector<Observations> out;
    out.reserve(results.size());
    for (auto& r : results) out.push_back(FromResult(std::move(r)));
    return out;
  }

  // The batch failed somewhere: run its stages one at a time, each on a fresh
  // process, so that only the stages that fail alone carry the failure. A
  // stage that corrupts the engine's heap without crashing must not make the
  // next stage on the same process crash and take the blame.
  std::vector<Observations> Isolate(absl::Span<const PreparedStage> stages, const EngineFailure& batch_failure,
                                    absl::Duration budget) {
    std::vector<Observations> out;
    bool any_failed = false;
    for (const PreparedStage& stage : stages) {
      conn_.reset();
      if (auto st = Connect(); !st.ok()) {
        out.push_back(FailureObservations("start", std::string(st.message())));
        any_failed = true;
        continue;
      }
      BatchAnswer answer = Timed(absl::MakeConstSpan(&stage, 1), budget_.For(1));
      if (answer.failure) {
        out.push_back(Failed(*answer.failure));
        any_failed = true;
        continue;
      }
      out.push_back(FromResult(std::move(answer.results[0])));
    }
    // No case to pin it on; say it where a person running the harness sees it.
    if (!any_failed && batch_failure.cls == "timeout")
      std::fprintf(stderr,
                   "dsconform: %s took longer than its budget of %s on a batch of %zu cases (a case timeout past "
                   "%d times its slowest pace so far); each ran alone within the case timeout\n",
                   name().c_str(), absl::FormatDuration(budget).c_str(), stages.size(), BatchBudget::kMargin);
    else if (!any_failed)
      std::fprintf(stderr, "dsconform: %s failed on a batch of %zu cases (%s) but on none of them alone\n",
                   name().c_str(), stages.size(), batch_failure.message.c_str());
    return out;
  }

  std::shared_ptr<const Launch> launch_;
  std::unique_ptr<EngineConnection> conn_;  // null after a failure until the next Run
  BatchBudget budget_;                        // this process's pace, whichever process it is
};

class ProcessEngineFactory final : public EngineFactory {
 public:
  ProcessEngineFactory(std::shared_ptr<const Launch> launch, std::unique_ptr<EngineConnection> spare)
      : launch_(std::move(launch)), spare_(std::move(spare)) {}

  std::string name() const override { return launch_->hello.engine; }

  absl::StatusOr<std::unique_ptr<Engine>> Create() override {
    std::unique_ptr<EngineConnection> conn;
    {
      // The process that answered the factory's hello serves the first engine.
      std::lock_guard<std::mutex> lock(mu_);
      conn = std::move(spare_);
    }
    if (!conn) {
      auto started = EngineConnection::Start(launch_->spec);
      if (!started.ok()) return started.status();
      conn = std::move(*started);
    }
    return std::unique_ptr<Engine>(new ProcessEngine(launch_, std::move(conn)));
  }

 private:
  std::shared_ptr<const Launch> launch_;
  std::mutex mu_;
  std::unique_ptr<EngineConnection> spare_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<EngineFactory>> MakeProcessEngineFactory(const ProcessEngineSpec& spec) {
  if (spec.command.empty()) return absl::InvalidArgumentError("an out-of-process engine needs a command");
  if (spec.case_timeout <= absl::ZeroDuration()) return absl::InvalidArgumentError("the case timeout must be positive");
  auto conn = EngineConnection::Start(spec);
  if (!conn.ok()) return conn.status();
  auto launch = std::make_shared<Launch>();
  launch->spec = spec;
  launch->hello = (*conn)->hello();
  return std::unique_ptr<EngineFactory>(new ProcessEngineFactory(std::move(launch), std::move(*conn)));
}

}  // namespace dsconform
