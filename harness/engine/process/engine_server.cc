#include "harness/engine/process/engine_server.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstring>

#include "absl/strings/str_cat.h"
#include "harness/engine/process/engine_protocol.h"

namespace dsconform {
namespace {

absl::Status WriteAll(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t w = write(fd, bytes.data() + done, bytes.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return absl::UnavailableError(absl::StrCat("write: ", std::strerror(errno)));
    done += static_cast<size_t>(w);
  }
  return absl::OkStatus();
}

// The next frame from `fd`; nullopt at a clean end of input (between frames).
absl::StatusOr<std::optional<Frame>> ReadFrame(int fd, FrameDecoder& decoder) {
  char buf[1 << 16];
  while (true) {
    auto next = decoder.Next();
    if (!next.ok() || *next) return next;
    const ssize_t r = read(fd, buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return absl::UnavailableError(absl::StrCat("read: ", std::strerror(errno)));
    if (r == 0) {
      if (decoder.buffered() == 0) return std::optional<Frame>();
      return absl::InvalidArgumentError(
          absl::StrCat("protocol error: input ended inside a frame (", decoder.buffered(), " bytes)"));
    }
    decoder.Append(absl::string_view(buf, static_cast<size_t>(r)));
  }
}

std::vector<StageResult> RunStages(Engine& engine, const std::vector<PreparedStage>& stages) {
  std::vector<StageResult> results(stages.size());
  std::vector<PreparedStage> runnable;
  std::vector<size_t> where;
  for (size_t i = 0; i < stages.size(); ++i) {
    if (engine.SupportsFamily(stages[i].source->family)) {
      runnable.push_back(stages[i]);
      where.push_back(i);
    } else {
      results[i].rejected = absl::StrCat("family '", stages[i].source->family, "' is not supported by ", engine.name());
    }
  }
  if (runnable.empty()) return results;
  auto all = engine.Run(runnable);
  if (all.ok() && all->size() == runnable.size()) {
    for (size_t k = 0; k < where.size(); ++k) results[where[k]].observations = std::move((*all)[k]);
    return results;
  }
  // One stage spoiled the batch: find which, so that the others keep their results.
  for (size_t k = 0; k < where.size(); ++k) {
    auto one = engine.Run(absl::MakeConstSpan(&runnable[k], 1));
    if (one.ok() && one->size() == 1) {
      results[where[k]].observations = std::move((*one)[0]);
    } else {
      results[where[k]].rejected = one.ok()
                                       ? absl::StrCat(engine.name(), " returned ", one->size(), " results for 1 stage")
                                       : std::string(one.status().message());
    }
  }
  return results;
}

}  // namespace

absl::Status ServeEngine(Engine& engine, const EngineServerOptions& options, int in_fd, int out_fd) {
  FrameDecoder decoder;
  auto fail = [&](const absl::Status& st) {
    (void)WriteAll(out_fd, EncodeError(st.message()));
    return st;
  };
  while (true) {
    auto frame = ReadFrame(in_fd, decoder);
    if (!frame.ok()) return fail(frame.status());
    if (!*frame) return absl::OkStatus();
    const std::string type = (*frame)->type();
    absl::Status written;
    if (type == "hello") {
      auto version = DecodeHelloRequest(**frame);
      if (!version.ok()) return fail(version.status());
      if (*version != kEngineProtocolVersion)
        return fail(absl::FailedPreconditionError(absl::StrCat("protocol version ", *version,
                                                               " is not supported; this engine speaks ",
                                                               kEngineProtocolVersion)));
      EngineHello hello;
      hello.engine = options.name.empty() ? engine.name() : options.name;
      hello.families = engine.capabilities();
      hello.lacks = options.lacks;
      written = WriteAll(out_fd, EncodeEngineHello(hello));
    } else if (type == "run") {
      auto request = DecodeRunRequest(std::move(**frame));
      if (!request.ok()) return fail(request.status());
      written = WriteAll(out_fd, EncodeRunResult(request->id, RunStages(engine, request->stages)));
    } else if (type == "bye") {
      return absl::OkStatus();
    } else if (type == "error") {
      return absl::AbortedError(absl::StrCat("the harness reported: ", ErrorMessageOf(**frame)));
    } else {
      return fail(absl::InvalidArgumentError(absl::StrCat("protocol error: unknown message type '", type, "'")));
    }
    if (!written.ok()) return written;
  }
}

int TakeProtocolOutput() {
  const int out = fcntl(1, F_DUPFD_CLOEXEC, 3);
  if (out < 0) return -1;
  if (dup2(2, 1) < 0) return -1;
  return out;
}

}  // namespace dsconform
