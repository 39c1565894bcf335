// `dsconform list suites|cases|engines|steps`.
#include <cstdio>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "frontends/cli/case_selection.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "frontends/cli/run_execution.h"
#include "frontends/cli/engine_catalog.h"
#include "sketches/compiled_families.h"

namespace dsconform {

int ListCommand(const std::vector<std::string>& args) {
  const std::string what = args.empty() ? "suites" : args[0];
  if (what == "suites") {
    for (const Family* f : CompiledFamilies().all())
      for (const Suite* s : f->suites()) std::printf("%-28s %s\n", s->name().c_str(), s->description().c_str());
    return kExitClean;
  }
  if (what == "cases") {
    auto cases = LoadCasesFromFlags();
    if (!cases.ok()) return UsageError(std::string(cases.status().message()));
    for (size_t i = 0; i < cases->size(); ++i) std::printf("%s\n", cases->id(i).c_str());
    return kExitClean;
  }
  if (what == "engines") {
    for (const auto& line : DescribeEngines()) std::printf("%s\n", line.c_str());
    return kExitClean;
  }
  if (what == "steps") {
    // Each family's step vocabulary as the sections of docs/case-format.md (a test keeps them equal).
    for (const Family* f : CompiledFamilies().all()) {
      const std::string md = f->vocabulary().MarkdownSection();
      std::printf("<!-- steps:%s (dsconform list steps) -->\n%s<!-- /steps:%s -->\n\n", f->name().c_str(), md.c_str(),
                  f->name().c_str());
    }
    return kExitClean;
  }
  return UsageError(absl::StrCat("list: unknown topic '", what, "' (known: suites, cases, engines, steps)"));
}

}  // namespace dsconform
