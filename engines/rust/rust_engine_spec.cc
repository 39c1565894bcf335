#include "engines/rust/rust_engine_spec.h"

#include <cstdlib>
#include <filesystem>

#include "absl/strings/str_cat.h"

#ifndef DSCONFORM_RUST_ENGINE_ROOT
#define DSCONFORM_RUST_ENGINE_ROOT ""
#endif
#ifndef DSCONFORM_RUST_DEFAULT_VERSION
#define DSCONFORM_RUST_DEFAULT_VERSION "0.6.0"
#endif

namespace dsconform {

PortEngineInstall RustEngineInstall(const std::string& root, const std::string& default_version) {
  PortEngineInstall port;
  port.kind = "rust";
  port.root = root;
  port.default_version = default_version;
  port.unit = "cargo build";
  port.command = [root](const std::string& v) {
    return std::vector<std::string>{absl::StrCat(root, "/", v, "/target/release/dsconform-rust-engine")};
  };
  port.setup = [root](const std::string& v) {
    const std::string build = std::filesystem::path(root).parent_path().string();
    return absl::StrCat("cmake -S . -B ", build, " -DDATASKETCHES_RUST_VERSION=", v, " && cmake --build ", build,
                        " --target dsconform_rust_engine_", v, " (cargo must be on the PATH)");
  };
  port.origin = [](const std::string& v) {
    return absl::StrCat("the datasketches crate (", v, ": a release, or a source tree's label) built by cargo, out of process");
  };
  return port;
}

PortEngineInstall DefaultRustEngineInstall() {
  const char* root = std::getenv("DSCONFORM_RUST_ENGINE_ROOT");
  return RustEngineInstall(root != nullptr && *root != '\0' ? root : DSCONFORM_RUST_ENGINE_ROOT,
                           DSCONFORM_RUST_DEFAULT_VERSION);
}

absl::StatusOr<std::optional<ProcessEngineSpec>> ParseRustEngineSpec(const std::string& spec,
                                                                     const PortEngineInstall& rust) {
  return ParsePortEngineSpec(spec, rust);
}

std::vector<std::string> DescribeRustEngines(const PortEngineInstall& rust) { return DescribePortEngines(rust); }

}  // namespace dsconform
