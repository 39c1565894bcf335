// `dsconform list suites|cases|engines`.
#include <cstdio>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "harness/cli/case_selection.h"
#include "harness/cli/cli_flags.h"
#include "harness/cli/commands.h"
#include "harness/cli/run_execution.h"
#include "harness/cli/engine_catalog.h"

namespace dsconform {

int ListCommand(const std::vector<std::string>& args) {
  const std::string what = args.empty() ? "suites" : args[0];
  if (what == "suites") {
    for (const Family* f : AllFamilies())
      for (const Suite* s : f->suites()) std::printf("%-28s %s\n", s->name().c_str(), s->description().c_str());
    return kExitClean;
  }
  if (what == "cases") {
    auto cases = LoadCasesFromFlags();
    if (!cases.ok()) return UsageError(std::string(cases.status().message()));
    for (const auto& c : *cases) std::printf("%s\n", c.id.c_str());
    return kExitClean;
  }
  if (what == "engines") {
    for (const auto& line : DescribeEngines()) std::printf("%s\n", line.c_str());
    return kExitClean;
  }
  return UsageError(absl::StrCat("list: unknown topic '", what, "' (known: suites, cases, engines)"));
}

}  // namespace dsconform
