// A test-only engine program: answers the protocol through ServeEngine with
// deterministic observations that exercise every value kind, and, with
// --faults, misbehaves on stages whose case id says so:
//   crash   writes a line to stderr, then raise(SIGSEGV)
//   exit3   exit(3)
//   hang    sleeps forever
//   garbage writes bytes that are no frame to the protocol stream, then answers
//   reject  its Run fails (the stage is rejected)
//   hog     allocates and touches 4 GiB (an image whose counts ask for gigabytes)
//   leak    allocates and touches 64 MiB it never frees (a library that leaks)
//   taint   answers, but every later stage on this process crashes (a heap a
//           damaged image corrupted without crashing)
// Flags: --name=kind@version (default fault@1), --faults.
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "harness/engine/process/engine_server.h"

namespace dsconform {
namespace {

int g_protocol_out = -1;

class FaultEngine final : public Engine {
 public:
  FaultEngine(std::string name, bool faults) : name_(std::move(name)), faults_(faults) {}
  std::string name() const override { return name_; }
  std::string kind() const override { return name_.substr(0, name_.find('@')); }
  // HLL, steps not stated: it answers whatever it is sent.
  const Capabilities& capabilities() const override {
    static const auto* caps = new Capabilities{{"hll", {}}};
    return *caps;
  }

  absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) override {
    std::vector<Observations> out;
    for (const PreparedStage& s : stages) {
      if (faults_) {
        if (auto st = Misbehave(s.source->id); !st.ok()) return st;
      }
      out.push_back(Observe(s));
    }
    return out;
  }

 private:
  absl::Status Misbehave(const std::string& id) {
    if (tainted_ || absl::StrContains(id, "crash")) {
      std::fprintf(stderr, "fault engine: about to crash on case %s\n", id.c_str());
      std::fflush(stderr);
      const rlimit no_core = {0, 0};
      setrlimit(RLIMIT_CORE, &no_core);
      raise(SIGSEGV);
    }
    if (absl::StrContains(id, "exit3")) std::exit(3);
    if (absl::StrContains(id, "hang"))
      while (true) pause();
    if (absl::StrContains(id, "garbage")) {
      const char junk[] = "this is not a frame\n";
      if (write(g_protocol_out, junk, sizeof junk - 1) < 0) std::exit(4);
    }
    if (absl::StrContains(id, "hog")) {
      // new[] throws std::bad_alloc past a data limit: uncaught, the process aborts.
      constexpr size_t kHog = size_t{4} << 30;
      char* p = new char[kHog];
      for (size_t i = 0; i < kHog; i += 4096) p[i] = 1;
      std::fprintf(stderr, "fault engine: touched %zu bytes at %p\n", kHog, static_cast<void*>(p));
    }
    if (absl::StrContains(id, "leak")) {
      constexpr size_t kLeak = size_t{64} << 20;
      char* p = new char[kLeak];
      for (size_t i = 0; i < kLeak; i += 4096) p[i] = 1;
      leaked_.push_back(p);
    }
    if (absl::StrContains(id, "reject")) return absl::InvalidArgumentError(absl::StrCat("case ", id, ": refused"));
    if (absl::StrContains(id, "taint")) tainted_ = true;
    return absl::OkStatus();
  }

  // Every kind of value, and the stage's inputs echoed back.
  static Observations Observe(const PreparedStage& s) {
    Observations o;
    std::string tapes;
    for (const auto& t : s.tapes) tapes += *t;
    o.Add("echo.tapes", Value::Bytes(tapes));
    for (const auto& [name, bytes] : s.images) o.Add("read." + name, Value::Bytes(bytes));
    o.Add("echo.ops", Value::Int(static_cast<int64_t>(s.ops->size())));
    o.Add("echo.min", Value::Int(std::numeric_limits<int64_t>::min()));
    o.Add("echo.negzero", Value::DoubleBits(0x8000000000000000ull));
    o.Add("echo.nan", Value::DoubleBits(0x7ff8000000000123ull));
    o.Add("echo.flag", Value::Bool(true));
    o.Add("echo.text", Value::String("été 日本 😀"));
    o.Add("echo.error", Value::Error("std::invalid_argument", "lg_k must be 4..21"));
    o.Add("other.step", Value::Unsupported("not here"));
    return o;
  }

  std::string name_;
  bool faults_;
  bool tainted_ = false;
  std::vector<char*> leaked_;
};

}  // namespace
}  // namespace dsconform

int main(int argc, char** argv) {
  std::string name = "fault@1";
  bool faults = false;
  for (int i = 1; i < argc; ++i) {
    if (absl::StartsWith(argv[i], "--name=")) name = argv[i] + 7;
    else if (std::strcmp(argv[i], "--faults") == 0) faults = true;
    else {
      std::fprintf(stderr, "usage: %s [--name=kind@version] [--faults]\n", argv[0]);
      return 2;
    }
  }
  dsconform::g_protocol_out = dsconform::TakeProtocolOutput();
  dsconform::FaultEngine engine(name, faults);
  dsconform::EngineServerOptions options;
  const absl::Status st = dsconform::ServeEngine(engine, options, 0, dsconform::g_protocol_out);
  if (!st.ok()) std::fprintf(stderr, "fault engine: %s\n", std::string(st.message()).c_str());
  return st.ok() ? 0 : 2;
}
