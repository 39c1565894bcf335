#include "harness/engine/process/process_engine_spec.h"

#include <unistd.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace dsconform {
namespace {

bool IsExecutable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

}  // namespace

absl::StatusOr<std::optional<ProcessEngineSpec>> ParseProcessEngineSpec(const std::string& spec) {
  if (absl::StartsWith(spec, "process:")) {
    std::vector<std::string> argv = absl::StrSplit(spec.substr(std::string("process:").size()), ',');
    if (argv[0].empty())
      return absl::InvalidArgumentError(absl::StrCat("engine '", spec, "': expected process:<program>[,arg...]"));
    ProcessEngineSpec out;
    out.command = std::move(argv);
    return std::optional<ProcessEngineSpec>(std::move(out));
  }
  if (absl::StartsWith(spec, "cpp@") && spec.find('=') != std::string::npos) {
    const size_t eq = spec.find('=');
    const std::string label = spec.substr(4, eq - 4);
    const std::string program = spec.substr(eq + 1);
    if (label.empty() || program.empty())
      return absl::InvalidArgumentError(
          absl::StrCat("engine '", spec, "': expected cpp@<label>=<path to a dsconform-engine>"));
    if (!IsExecutable(program))
      return absl::FailedPreconditionError(
          absl::StrCat("engine '", spec, "': ", program, " is not an executable (build the target dsconform-engine)"));
    ProcessEngineSpec out;
    out.command = {program, "--label=" + label};
    out.expected_name = "cpp@" + label;
    return std::optional<ProcessEngineSpec>(std::move(out));
  }
  return std::optional<ProcessEngineSpec>();
}

std::vector<std::string> DescribeProcessEngines() {
  return {"process:<program>[,arg...]  any program speaking docs/engine-protocol.md",
          "cpp@<label>=<path to dsconform-engine>  a native engine built from another datasketches-cpp tree"};
}

}  // namespace dsconform
