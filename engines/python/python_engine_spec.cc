#include "engines/python/python_engine_spec.h"

#include <cstdlib>
#include <filesystem>

#include "absl/strings/str_cat.h"

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

std::string SetupCommand(const PythonEngineInstall& p, const std::string& version) {
  std::string command = "DSCONFORM_BUILD_DIR=" + std::filesystem::path(p.venv_root).parent_path().string();
  if (version != p.default_version) command += " DATASKETCHES_PYTHON_VERSION=" + version;
  return command + " scripts/python-engine-setup";
}

// The Python wing as a port engine: a venv per wheel version, the one script for all.
PortEngineInstall AsPort(const PythonEngineInstall& p) {
  PortEngineInstall port;
  port.kind = "python";
  port.root = p.venv_root;
  port.default_version = p.default_version;
  port.unit = "venv";
  port.setup_all = "scripts/setup";
  // -I: the venv's datasketches, unaffected by PYTHONPATH or user site-packages.
  port.command = [p](const std::string& v) { return std::vector<std::string>{Interpreter(p, v), "-I", p.script}; };
  port.setup = [p](const std::string& v) { return SetupCommand(p, v); };
  port.origin = [](const std::string& v) {
    return absl::StrCat("the datasketches ", v, " wheel from PyPI, out of process");
  };
  return port;
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
  const PortEngineInstall port = AsPort(python);
  auto parsed = ParsePortEngineSpec(spec, port);
  if (parsed.ok() && parsed->has_value() && (python.script.empty() || !std::filesystem::exists(python.script)))
    return absl::FailedPreconditionError(
        absl::StrCat(spec, ": the python engine program is missing (", python.script, ")"));
  return parsed;
}

std::vector<std::string> DescribePythonEngines(const PythonEngineInstall& python) {
  return DescribePortEngines(AsPort(python));
}

}  // namespace dsconform
