#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_PORT_ENGINE_SPEC_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_PORT_ENGINE_SPEC_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/engine/process/process_engine.h"

namespace dsconform {

// An out-of-process engine wing made per library version by the build or a setup script (the
// Python wheel in a venv, the Rust crate built by cargo): version V lives in <root>/V, and is
// there when its program is executable. The wing says what its pieces are; the specs
// `<kind>` and `<kind>@<version>` are parsed alike for every wing.
struct PortEngineInstall {
  std::string kind;             // "python", "rust": the spec's and the engine name's prefix
  std::string root;             // version V lives in <root>/V
  std::string default_version;  // what `<kind>` means when that version is there
  std::string unit;             // what a version is, for messages: "venv", "cargo build"
  std::string setup_all;        // what sets every wing up, when there is such a thing
  // The command line that runs version V (its first word is the program).
  std::function<std::vector<std::string>(const std::string& version)> command;
  // What makes version V, for the error of a spec that is not there ("run ...").
  std::function<std::string(const std::string& version)> setup;
  // Where version V comes from, for `dsconform list engines`.
  std::function<std::string(const std::string& version)> origin;
};

// The versions under the root whose program is executable, in name order.
std::vector<std::string> InstalledPortVersions(const PortEngineInstall& port);

// Recognizes `<kind>` (the default version, or the only version there) and `<kind>@<version>`.
// Returns nullopt for any other spec, and an error for one of these that cannot run here,
// saying what to do.
absl::StatusOr<std::optional<ProcessEngineSpec>> ParsePortEngineSpec(const std::string& spec,
                                                                     const PortEngineInstall& port);

// The versions this build can offer, one line each (or how to make the default one).
std::vector<std::string> DescribePortEngines(const PortEngineInstall& port);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_PORT_ENGINE_SPEC_H_
