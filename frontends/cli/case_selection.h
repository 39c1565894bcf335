#ifndef DSCONFORM_FRONTENDS_CLI_CASE_SELECTION_H_
#define DSCONFORM_FRONTENDS_CLI_CASE_SELECTION_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_program.h"
#include "harness/case/case_store.h"
#include "harness/family/family.h"

namespace dsconform {

absl::StatusOr<SuiteScale> ParseScale(const std::string& name);

// The suites whose names match any of the globs, in registry order; an
// unmatched glob is an error that lists the suites there are.
absl::StatusOr<std::vector<const Suite*>> SelectSuites(const std::vector<std::string>& globs);

// Generates the selected suites, keeps the cases whose id matches one of
// `case_globs` (all when empty; a glob matching nothing is an error listing a
// few ids), and validates every case before anything runs. The cases are held packed, a suite at
// a time as it is generated (a recipe suite's a slice at a time, on every core).
absl::StatusOr<CaseStore> SelectCases(const std::vector<std::string>& suite_globs, SuiteScale scale,
                                      const std::vector<std::string>& case_globs);

// Reads case programs, one JSON object per line (blank and '#' lines skipped),
// validating each; errors name file and line.
absl::StatusOr<std::vector<Case>> ReadCasesFile(const std::string& path);

// Finds one case by exact id in every suite at full scale (which contains
// every smaller scale's cases).
absl::StatusOr<Case> FindCase(const std::string& id);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_CASE_SELECTION_H_
