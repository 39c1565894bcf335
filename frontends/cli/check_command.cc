// `dsconform check`: the cases of a corpus on live engines, compared with what
// the corpus recorded; reports and exit status as for `run`.
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "frontends/cli/engine_catalog.h"
#include "frontends/cli/run_execution.h"
#include "harness/corpus/corpus_engine.h"
#include "sketches/compiled_families.h"

namespace dsconform {

int CheckCommand(const std::vector<std::string>& args, const std::string& command_line) {
  if (!args.empty()) return UsageError(absl::StrCat("check takes no positional arguments, got '", args[0], "'"));
  const std::string path = absl::GetFlag(FLAGS_corpus);
  if (path.empty()) return UsageError("check needs --corpus=FILE (written by dsconform record)");
  auto corpus = ReadCorpus(path, CompiledFamilies());
  if (!corpus.ok()) return UsageError(std::string(corpus.status().message()));
  auto shared = std::make_shared<const Corpus>(std::move(*corpus));

  RunInputs inputs;
  std::vector<Case> cases;
  for (const auto& e : shared->entries) cases.push_back(e.c);
  inputs.cases = CaseStore(FilterByCaseFlag(std::move(cases)));
  if (inputs.cases.empty()) return UsageError(absl::StrCat("--cases matches none of the cases of ", path));
  inputs.engines.push_back(MakeCorpusEngineFactory(shared));
  inputs.engine_specs[inputs.engines.back()->name()] = absl::StrCat(kCorpusSpecPrefix, path);
  inputs.check_invariants = false;
  auto live = ResolveEngines(EngineRequestFromFlags());
  if (!live.ok()) return UsageError(std::string(live.status().message()));
  for (auto& f : *live) inputs.engines.push_back(std::move(f));
  inputs.suites = shared->header.suites;
  return ExecuteRun(std::move(inputs), command_line);
}

}  // namespace dsconform
