#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_ENGINE_SPEC_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_ENGINE_SPEC_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/engine/process/process_engine.h"

namespace dsconform {

// Where this build keeps the python@<version> engine.
struct PythonEngineInstall {
  std::string venv_root;        // <build>/python-venv; version V lives in <venv_root>/V
  std::string script;           // harness/engine/python/dsconform_python_engine.py
  std::string default_version;  // what `python` means when that venv exists
};

// This build's: the build directory's venv root (or $DSCONFORM_PYTHON_VENV_ROOT)
// and the source tree's script, as scripts/python-engine-setup lays them out.
PythonEngineInstall DefaultPythonEngineInstall();

// Recognizes the spec strings of out-of-process engines:
//   python                     datasketches <default_version> from PyPI, or the
//                              only version set up when that one is not
//   python@<version>           datasketches <version> from PyPI
//   process:<program>[,arg...] any program speaking docs/engine-protocol.md
//   cpp@<label>=<program>      a dsconform-engine built elsewhere (another
//                              datasketches-cpp commit), named cpp@<label>
// Returns nullopt for any other spec (the caller's own engines), and an error
// for one of these that cannot run here, saying what to do (for python: the
// scripts/python-engine-setup command line).
absl::StatusOr<std::optional<ProcessEngineSpec>> ParseProcessEngineSpec(
    const std::string& spec, const PythonEngineInstall& python = DefaultPythonEngineInstall());

// The out-of-process engines this build can offer, one line each.
std::vector<std::string> DescribeProcessEngines(const PythonEngineInstall& python = DefaultPythonEngineInstall());

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_ENGINE_SPEC_H_
