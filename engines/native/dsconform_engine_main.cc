// dsconform-engine: the native engine (the datasketches-cpp compiled into
// this build) as a program speaking docs/engine-protocol.md on stdin/stdout,
// so that a second native build, at another datasketches-cpp commit, can run
// beside the in-process one:
//   dsconform run --engines=cpp,cpp@pr-123=/other/build/dsconform-engine
// Flags: --label=<label> names the engine cpp@<label> (default: the version
// or git describe of the source tree); --name prints the name and exits;
// --hello prints the hello it answers (its steps, and what its datasketches-cpp
// lacks: docs/native-releases.md) as one JSON line and exits.
#include <cstdio>
#include <cstring>
#include <string>

#include "absl/strings/match.h"
#include "engines/native/cpp_engine.h"
#include "harness/engine/process/engine_protocol.h"
#include "harness/engine/process/engine_server.h"

namespace {

int Usage(const char* argv0) {
  std::fprintf(stderr, "usage: %s [--label=<label>] [--name | --hello]\n", argv0);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string name = dsconform::CppEngineName();
  bool print_name = false, print_hello = false;
  for (int i = 1; i < argc; ++i) {
    if (absl::StartsWith(argv[i], "--label=") && argv[i][8] != '\0') name = std::string("cpp@") + (argv[i] + 8);
    else if (std::strcmp(argv[i], "--name") == 0) print_name = true;
    else if (std::strcmp(argv[i], "--hello") == 0) print_hello = true;
    else return Usage(argv[0]);
  }
  if (print_name) {
    std::printf("%s\n", name.c_str());
    return 0;
  }
  if (print_hello) {
    dsconform::EngineHello hello;
    hello.engine = name;
    auto engine = dsconform::MakeCppEngineFactory()->Create();
    if (engine.ok()) hello.families = (*engine)->capabilities();
    hello.lacks = dsconform::CppEngineLacks();
    std::printf("%s\n", dsconform::EngineHelloJson(hello).dump().c_str());
    return engine.ok() ? 0 : 2;
  }
  const int protocol_out = dsconform::TakeProtocolOutput();
  if (protocol_out < 0) {
    std::perror("dsconform-engine: stdout");
    return 2;
  }
  auto engine = dsconform::MakeCppEngineFactory()->Create();
  if (!engine.ok()) {
    std::fprintf(stderr, "dsconform-engine: %s\n", std::string(engine.status().message()).c_str());
    return 2;
  }
  dsconform::EngineServerOptions options;
  options.name = name;
  options.lacks = dsconform::CppEngineLacks();
  const absl::Status st = dsconform::ServeEngine(**engine, options, 0, protocol_out);
  if (!st.ok()) std::fprintf(stderr, "dsconform-engine: %s\n", std::string(st.message()).c_str());
  return st.ok() ? 0 : 2;
}
