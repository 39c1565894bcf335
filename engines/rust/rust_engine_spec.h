#ifndef DSCONFORM_ENGINES_RUST_RUST_ENGINE_SPEC_H_
#define DSCONFORM_ENGINES_RUST_RUST_ENGINE_SPEC_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/engine/process/port_engine_spec.h"
#include "harness/engine/process/process_engine.h"

namespace dsconform {

// Where this build keeps the rust@<version> engines: engines/rust/CMakeLists.txt builds version
// (or source tree label) V with cargo into <root>/V.
PortEngineInstall RustEngineInstall(const std::string& root, const std::string& default_version);

// This build's: <build>/rust (or $DSCONFORM_RUST_ENGINE_ROOT), the default being the first of
// DATASKETCHES_RUST_VERSION.
PortEngineInstall DefaultRustEngineInstall();

// Recognizes `rust` and `rust@<version>` (nullopt for any other spec).
absl::StatusOr<std::optional<ProcessEngineSpec>> ParseRustEngineSpec(
    const std::string& spec, const PortEngineInstall& rust = DefaultRustEngineInstall());

// The Rust engines this build has, one line each.
std::vector<std::string> DescribeRustEngines(const PortEngineInstall& rust = DefaultRustEngineInstall());

}  // namespace dsconform

#endif  // DSCONFORM_ENGINES_RUST_RUST_ENGINE_SPEC_H_
