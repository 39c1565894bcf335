#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_SERVER_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_SERVER_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "harness/engine/engine.h"

namespace dsconform {

struct EngineServerOptions {
  std::string name;  // kind@version given in hello; empty: engine.name()
  std::map<std::string, std::vector<std::string>> lacks;  // the hello's "lacks" (EngineHello)
};

// Serves docs/engine-protocol.md with an in-process `engine` (its hello
// declares engine.capabilities(); stages of other families are rejected), reading from
// `in_fd` and writing to `out_fd`, until `bye` or the end of input (OK). A
// malformed message is answered with an `error` message and ends the loop
// with that error. A stage the engine refuses (its Run fails on that stage
// alone) is answered as rejected; the other stages of the batch still run.
absl::Status ServeEngine(Engine& engine, const EngineServerOptions& options, int in_fd, int out_fd);

// Gives the protocol its own descriptor and points fd 1 at stderr, so that a
// stray print to stdout (by a library, a debug line) cannot corrupt the
// stream. Returns the descriptor for ServeEngine's out_fd, or -1.
int TakeProtocolOutput();

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_SERVER_H_
