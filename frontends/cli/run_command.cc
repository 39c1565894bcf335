// `dsconform run`: suites x engines -> reports, and the CI exit status.
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "frontends/cli/engine_catalog.h"
#include "frontends/cli/run_execution.h"

namespace dsconform {

int RunCommand(const std::vector<std::string>& args, const std::string& command_line) {
  if (!args.empty()) return UsageError(absl::StrCat("run takes no positional arguments, got '", args[0], "'"));
  RunInputs inputs;
  auto cases = LoadCasesFromFlags();
  if (!cases.ok()) return UsageError(std::string(cases.status().message()));
  inputs.cases = std::move(*cases);
  auto engines = ResolveEngines(EngineRequestFromFlags());
  if (!engines.ok()) return UsageError(std::string(engines.status().message()));
  inputs.engines = std::move(*engines);
  inputs.suites = SuitesFromFlags();
  inputs.case_source = CaseSourceFromFlags();
  return ExecuteRun(std::move(inputs), command_line);
}

}  // namespace dsconform
