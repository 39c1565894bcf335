#include "harness/engine/process/engine_connection.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"

namespace dsconform {
namespace {

// An engine that got bye or end of input has this long to exit by itself.
constexpr absl::Duration kExitGrace = absl::Seconds(2);

}  // namespace

std::string FormatSeconds(absl::Duration d) {
  const double s = absl::ToDoubleSeconds(d);
  if (s == std::floor(s)) return absl::StrCat(static_cast<int64_t>(s), " s");
  return absl::StrFormat("%.3g s", s);
}

std::string EngineFailure::Text() const {
  if (stderr.empty()) return message;
  return absl::StrCat(message, "; its stderr:\n", stderr);
}

absl::StatusOr<std::unique_ptr<EngineConnection>> EngineConnection::Start(const ProcessEngineSpec& spec) {
  const std::string command = absl::StrJoin(spec.command, " ");
  std::vector<std::string> argv = spec.command;
  if (spec.memory_limit_mib > 0)
    argv.insert(argv.begin(), {"prlimit", absl::StrCat("--data=", spec.memory_limit_mib << 20), "--"});
  auto child = ChildProcess::Spawn(argv);
  if (!child.ok() && spec.memory_limit_mib > 0)
    return absl::FailedPreconditionError(absl::StrCat(
        "a memory limit (--engine_memory) runs the engine under util-linux's prlimit, which must be in PATH: ",
        child.status().message()));
  if (!child.ok()) return child.status();
  std::unique_ptr<EngineConnection> conn(new EngineConnection(std::move(*child)));
  EngineFailure failure;
  auto frame = conn->Exchange(EncodeHelloRequest(), spec.case_timeout, &failure);
  if (frame.ok()) {
    auto hello = DecodeEngineHello(*frame);
    if (hello.ok() && !spec.expected_name.empty() && hello->engine != spec.expected_name) {
      hello = absl::FailedPreconditionError(
          absl::StrCat("it says it is ", hello->engine, ", not ", spec.expected_name));
    }
    if (hello.ok()) {
      conn->hello_ = std::move(*hello);
      return conn;
    }
    failure = conn->Fail("protocol", std::string(hello.status().message()));
  }
  return absl::FailedPreconditionError(absl::StrCat("engine `", command, "` failed at hello: ", failure.Text()));
}

EngineConnection::~EngineConnection() {
  if (child_->finished()) return;
  // Best effort: an engine that cannot take a bye ends at end of input or is killed.
  (void)child_->Write(EncodeBye(), absl::Now() + absl::Seconds(1));
  child_->Finish(kExitGrace);
}

EngineFailure EngineConnection::Fail(std::string cls, std::string message) {
  EngineFailure f;
  f.cls = std::move(cls);
  f.message = std::move(message);
  if (!child_->finished()) child_->Kill();
  f.stderr = std::string(absl::StripTrailingAsciiWhitespace(child_->StderrExcerpt()));
  return f;
}

absl::StatusOr<Frame> EngineConnection::Exchange(const std::string& request, absl::Duration timeout,
                                                 EngineFailure* failure) {
  // Why an I/O step failed, as a failure of the engine.
  auto failed = [&](const absl::Status& st) {
    if (absl::IsDeadlineExceeded(st)) {
      *failure = Fail("timeout", absl::StrCat("timed out after ", FormatSeconds(timeout)));
    } else if (absl::IsUnavailable(st)) {
      *failure = Fail("crash", child_->Finish(kExitGrace));
    } else {
      *failure = Fail("crash", std::string(st.message()));
    }
    return absl::UnavailableError(failure->message);
  };
  if (decoder_.buffered() > 0) {
    *failure = Fail("protocol", absl::StrCat("protocol error: the engine wrote ", decoder_.buffered(),
                                             " bytes after its last answer"));
    return absl::UnavailableError(failure->message);
  }
  const absl::Time deadline = absl::Now() + timeout;
  if (auto st = child_->Write(request, deadline); !st.ok()) return failed(st);
  while (true) {
    auto next = decoder_.Next();
    if (!next.ok()) {
      *failure = Fail("protocol", std::string(next.status().message()));
      return absl::UnavailableError(failure->message);
    }
    if (*next) return std::move(**next);
    std::string chunk;
    if (auto st = child_->Read(&chunk, deadline); !st.ok()) return failed(st);
    decoder_.Append(chunk);
  }
}

BatchAnswer EngineConnection::Run(absl::Span<const PreparedStage> stages, absl::Duration timeout) {
  BatchAnswer answer;
  const uint64_t id = next_id_++;
  EngineFailure failure;
  auto frame = Exchange(EncodeRunRequest(id, stages), timeout, &failure);
  if (!frame.ok()) {
    answer.failure = std::move(failure);
    return answer;
  }
  auto results = DecodeRunResult(std::move(*frame), id, stages.size());
  if (!results.ok()) {
    answer.failure = Fail("protocol", std::string(results.status().message()));
    return answer;
  }
  answer.results = std::move(*results);
  return answer;
}

}  // namespace dsconform
