#include "engines/go/go_engine_spec.h"

#include <cstdlib>
#include <filesystem>

#include "absl/strings/str_cat.h"

#ifndef DSCONFORM_GO_ENGINE_ROOT
#define DSCONFORM_GO_ENGINE_ROOT ""
#endif
#ifndef DSCONFORM_GO_DEFAULT_VERSION
#define DSCONFORM_GO_DEFAULT_VERSION ""
#endif

namespace dsconform {

PortEngineInstall GoEngineInstall(const std::string& root, const std::string& default_version) {
  PortEngineInstall port;
  port.kind = "go";
  port.root = root;
  port.default_version = default_version;
  port.unit = "go build";
  port.command = [root](const std::string& v) {
    return std::vector<std::string>{absl::StrCat(root, "/", v, "/dsconform-go-engine")};
  };
  port.setup = [root](const std::string& v) {
    const std::string build = std::filesystem::path(root).parent_path().string();
    return absl::StrCat("cmake -S . -B ", build, " -DDATASKETCHES_GO_VERSION=", v.empty() ? "<version>" : v,
                        " (or -DDATASKETCHES_GO_SOURCE_DIR=<a datasketches-go checkout>) && cmake --build ", build,
                        " (go must be on the PATH)");
  };
  port.origin = [](const std::string& v) {
    return absl::StrCat("the module github.com/apache/datasketches-go (", v,
                        ": a module version, or a source tree's label) built by go, out of process");
  };
  return port;
}

PortEngineInstall DefaultGoEngineInstall() {
  const char* root = std::getenv("DSCONFORM_GO_ENGINE_ROOT");
  return GoEngineInstall(root != nullptr && *root != '\0' ? root : DSCONFORM_GO_ENGINE_ROOT,
                           DSCONFORM_GO_DEFAULT_VERSION);
}

absl::StatusOr<std::optional<ProcessEngineSpec>> ParseGoEngineSpec(const std::string& spec,
                                                                     const PortEngineInstall& go) {
  return ParsePortEngineSpec(spec, go);
}

std::vector<std::string> DescribeGoEngines(const PortEngineInstall& go) { return DescribePortEngines(go); }

}  // namespace dsconform
