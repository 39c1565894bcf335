#include "engines/python/python_engine_spec.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#ifndef DSCONFORM_PYTHON_VENV_ROOT
#define DSCONFORM_PYTHON_VENV_ROOT ""
#endif
#ifndef DSCONFORM_PYTHON_ENGINE_SCRIPT
#define DSCONFORM_PYTHON_ENGINE_SCRIPT ""
#endif

namespace dsconform {
namespace {

// The pin of scripts/python-engine-setup.
constexpr char kDefaultPythonVersion[] = "5.2.0";

std::string Interpreter(const PythonEngineInstall& p, const std::string& version) {
  return absl::StrCat(p.venv_root, "/", version, "/bin/python3");
}

bool IsExecutable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

// The datasketches versions that have a venv, in name order.
std::vector<std::string> InstalledVersions(const PythonEngineInstall& p) {
  std::vector<std::string> versions;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(p.venv_root, ec)) {
    const std::string v = entry.path().filename().string();
    if (IsExecutable(Interpreter(p, v))) versions.push_back(v);
  }
  std::sort(versions.begin(), versions.end());
  return versions;
}

std::string SetupCommand(const PythonEngineInstall& p, const std::string& version) {
  std::string command = "DSCONFORM_BUILD_DIR=" + std::filesystem::path(p.venv_root).parent_path().string();
  if (version != p.default_version) command += " DATASKETCHES_PYTHON_VERSION=" + version;
  return command + " scripts/python-engine-setup";
}

absl::StatusOr<ProcessEngineSpec> PythonSpec(const std::string& spec, const PythonEngineInstall& p) {
  if (p.script.empty() || !std::filesystem::exists(p.script))
    return absl::FailedPreconditionError(absl::StrCat(spec, ": the python engine program is missing (", p.script, ")"));
  std::string version;
  if (spec == "python") {
    const auto installed = InstalledVersions(p);
    if (std::find(installed.begin(), installed.end(), p.default_version) != installed.end()) {
      version = p.default_version;
    } else if (installed.size() == 1) {
      version = installed[0];
    } else if (installed.empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat("python: not set up (no venv under ", p.venv_root, "); run scripts/setup, or ",
                       SetupCommand(p, p.default_version)));
    } else {
      return absl::InvalidArgumentError(absl::StrCat("python: several versions are set up (",
                                                     absl::StrJoin(installed, ", "), "); name one, e.g. python@",
                                                     installed[0]));
    }
  } else {
    version = spec.substr(std::string("python@").size());
    if (version.empty() || version.find('/') != std::string::npos)
      return absl::InvalidArgumentError(absl::StrCat("engine '", spec, "': expected python@<datasketches version>"));
    if (!IsExecutable(Interpreter(p, version)))
      return absl::FailedPreconditionError(absl::StrCat(spec, ": not set up (no ", Interpreter(p, version), "); run ",
                                                        SetupCommand(p, version)));
  }
  ProcessEngineSpec out;
  // -I: the venv's datasketches, unaffected by PYTHONPATH or user site-packages.
  out.command = {Interpreter(p, version), "-I", p.script};
  out.expected_name = "python@" + version;
  return out;
}

}  // namespace

PythonEngineInstall DefaultPythonEngineInstall() {
  PythonEngineInstall p;
  const char* root = std::getenv("DSCONFORM_PYTHON_VENV_ROOT");
  p.venv_root = root != nullptr && *root != '\0' ? root : DSCONFORM_PYTHON_VENV_ROOT;
  p.script = DSCONFORM_PYTHON_ENGINE_SCRIPT;
  p.default_version = kDefaultPythonVersion;
  return p;
}

absl::StatusOr<std::optional<ProcessEngineSpec>> ParsePythonEngineSpec(const std::string& spec,
                                                                       const PythonEngineInstall& python) {
  if (spec != "python" && !absl::StartsWith(spec, "python@")) return std::optional<ProcessEngineSpec>();
  auto s = PythonSpec(spec, python);
  if (!s.ok()) return s.status();
  return std::optional<ProcessEngineSpec>(std::move(*s));
}

std::vector<std::string> DescribePythonEngines(const PythonEngineInstall& python) {
  std::vector<std::string> lines;
  const auto installed = InstalledVersions(python);
  for (const auto& v : installed)
    lines.push_back(absl::StrCat("python@", v, "  (spec: python@", v, v == python.default_version ? " or python" : "",
                                 ") the datasketches ", v, " wheel from PyPI, out of process"));
  if (installed.empty())
    lines.push_back(absl::StrCat("python: not set up; run ", SetupCommand(python, python.default_version)));
  return lines;
}

}  // namespace dsconform
