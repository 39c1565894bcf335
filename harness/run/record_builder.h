#ifndef DSCONFORM_HARNESS_RUN_RECORD_BUILDER_H_
#define DSCONFORM_HARNESS_RUN_RECORD_BUILDER_H_

#include <optional>
#include <string>
#include <vector>

#include "harness/expect/known_differences.h"
#include "harness/run/batch_execution.h"

namespace dsconform {

// One case's records from its engines' outcomes (harness/run/batch_records.h puts
// them in order): a candidate `names[k]` against the reference; engine `name`'s
// self-check, its invariants and its answers against the case's truth, by each
// kind of truth the family supplies (reference = candidate = that engine;
// harness/truth/truth_kind.h), when the case has one (ChecksInvariants) and the
// engine answered; writer `names[w]`'s images read by `names[k]` against the
// writer reading them itself (`own`), when a cross stage ran for the writer. Of
// `options`: the reference, the families, the known differences, whether
// invariants are checked, the truth settings, and how large a differing image
// the records keep whole.
Record PairRecord(const IndexedCase& ic, const std::vector<std::string>& names, size_t k, const StageOutcome& reference,
                  const StageOutcome& candidate, const RunOptions& options);
bool ChecksInvariants(const Case& c, const RunOptions& options);
std::optional<Record> InvariantRecord(const IndexedCase& ic, const std::string& name, const StageOutcome& own,
                                      const RunOptions& options);
bool CrossStageRan(const StageOutcome& own);
Record CrossRecord(const IndexedCase& ic, const std::vector<std::string>& names, size_t w, size_t k,
                   const StageOutcome& own, const StageOutcome& other, const RunOptions& options);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_RECORD_BUILDER_H_
