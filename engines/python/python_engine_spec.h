#ifndef DSCONFORM_ENGINES_PYTHON_PYTHON_ENGINE_SPEC_H_
#define DSCONFORM_ENGINES_PYTHON_PYTHON_ENGINE_SPEC_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/engine/process/port_engine_spec.h"
#include "harness/engine/process/process_engine.h"

namespace dsconform {

// Where this build keeps the python@<version> engine.
struct PythonEngineInstall {
  std::string venv_root;        // <build>/python-venv; version V lives in <venv_root>/V
  std::string script;           // engines/python/dsconform_python_engine.py
  std::string default_version;  // what `python` means when that venv exists
};

// This build's: the build directory's venv root (or $DSCONFORM_PYTHON_VENV_ROOT)
// and the source tree's script, as scripts/python-engine-setup lays them out.
PythonEngineInstall DefaultPythonEngineInstall();

// Recognizes the Python engine's specs:
//   python             datasketches <default_version> from PyPI, or the only
//                      version set up when that one is not
//   python@<version>   datasketches <version> from PyPI
// Returns nullopt for any other spec, and an error for one of these that
// cannot run here, saying what to do (the scripts/python-engine-setup command line).
absl::StatusOr<std::optional<ProcessEngineSpec>> ParsePythonEngineSpec(
    const std::string& spec, const PythonEngineInstall& python = DefaultPythonEngineInstall());

// The Python engines this build can offer, one line each.
std::vector<std::string> DescribePythonEngines(const PythonEngineInstall& python = DefaultPythonEngineInstall());

}  // namespace dsconform

#endif  // DSCONFORM_ENGINES_PYTHON_PYTHON_ENGINE_SPEC_H_
