#include "harness/engine/process/port_engine_spec.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace dsconform {
namespace {

bool IsExecutable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

bool Installed(const PortEngineInstall& p, const std::string& version) {
  const auto command = p.command(version);
  return !command.empty() && IsExecutable(command[0]);
}

absl::StatusOr<ProcessEngineSpec> PortSpec(const std::string& spec, const PortEngineInstall& p) {
  std::string version;
  if (spec == p.kind) {
    const auto installed = InstalledPortVersions(p);
    if (std::find(installed.begin(), installed.end(), p.default_version) != installed.end()) {
      version = p.default_version;
    } else if (installed.size() == 1) {
      version = installed[0];
    } else if (installed.empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat(p.kind, ": not set up (no ", p.unit, " under ", p.root, "); run ",
                       p.setup_all.empty() ? "" : p.setup_all + ", or ", p.setup(p.default_version)));
    } else {
      return absl::InvalidArgumentError(absl::StrCat(p.kind, ": several versions are set up (",
                                                     absl::StrJoin(installed, ", "), "); name one, e.g. ", p.kind,
                                                     "@", installed[0]));
    }
  } else {
    version = spec.substr(p.kind.size() + 1);
    if (version.empty() || version.find('/') != std::string::npos)
      return absl::InvalidArgumentError(
          absl::StrCat("engine '", spec, "': expected ", p.kind, "@<datasketches version>"));
    if (!Installed(p, version))
      return absl::FailedPreconditionError(
          absl::StrCat(spec, ": not set up (no ", p.command(version)[0], "); run ", p.setup(version)));
  }
  ProcessEngineSpec out;
  out.command = p.command(version);
  out.expected_name = absl::StrCat(p.kind, "@", version);
  return out;
}

}  // namespace

std::vector<std::string> InstalledPortVersions(const PortEngineInstall& p) {
  std::vector<std::string> versions;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(p.root, ec)) {
    const std::string v = entry.path().filename().string();
    if (Installed(p, v)) versions.push_back(v);
  }
  std::sort(versions.begin(), versions.end());
  return versions;
}

absl::StatusOr<std::optional<ProcessEngineSpec>> ParsePortEngineSpec(const std::string& spec,
                                                                     const PortEngineInstall& port) {
  if (spec != port.kind && !absl::StartsWith(spec, port.kind + "@")) return std::optional<ProcessEngineSpec>();
  auto s = PortSpec(spec, port);
  if (!s.ok()) return s.status();
  return std::optional<ProcessEngineSpec>(std::move(*s));
}

std::vector<std::string> DescribePortEngines(const PortEngineInstall& port) {
  std::vector<std::string> lines;
  const auto installed = InstalledPortVersions(port);
  for (const auto& v : installed)
    lines.push_back(absl::StrCat(port.kind, "@", v, "  (spec: ", port.kind, "@", v,
                                 v == port.default_version ? " or " + port.kind : "", ") ", port.origin(v)));
  if (installed.empty()) lines.push_back(absl::StrCat(port.kind, ": not set up; run ", port.setup(port.default_version)));
  return lines;
}

}  // namespace dsconform
