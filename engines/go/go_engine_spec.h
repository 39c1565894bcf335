#ifndef DSCONFORM_ENGINES_GO_GO_ENGINE_SPEC_H_
#define DSCONFORM_ENGINES_GO_GO_ENGINE_SPEC_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/engine/process/port_engine_spec.h"
#include "harness/engine/process/process_engine.h"

namespace dsconform {

// Where this build keeps the go@<version> engines: engines/go/CMakeLists.txt builds version
// (or source tree label) V with the Go toolchain into <root>/V.
PortEngineInstall GoEngineInstall(const std::string& root, const std::string& default_version);

// This build's: <build>/go (or $DSCONFORM_GO_ENGINE_ROOT), the default being the first of
// DATASKETCHES_GO_VERSION, else the source tree's label.
PortEngineInstall DefaultGoEngineInstall();

// Recognizes `go` and `go@<version>` (nullopt for any other spec).
absl::StatusOr<std::optional<ProcessEngineSpec>> ParseGoEngineSpec(
    const std::string& spec, const PortEngineInstall& go = DefaultGoEngineInstall());

// The Go engines this build has, one line each.
std::vector<std::string> DescribeGoEngines(const PortEngineInstall& go = DefaultGoEngineInstall());

}  // namespace dsconform

#endif  // DSCONFORM_ENGINES_GO_GO_ENGINE_SPEC_H_
