#ifndef DSCONFORM_FRONTENDS_CLI_RUN_SUMMARIES_H_
#define DSCONFORM_FRONTENDS_CLI_RUN_SUMMARIES_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "frontends/cli/console_summary.h"
#include "harness/expect/known_differences.h"
#include "harness/record/record.h"
#include "harness/truth/accuracy_study.h"
#include "harness/truth/truth_kind.h"
#include "reports/record_stream.h"
#include "reports/run_summary.h"

namespace dsconform {

// What writing the summaries found, for the console and the exit status.
struct RunSummaries {
  RunSummary summary;
  AccuracyStudy study;  // of the records' samples; no trials when none carry any
  ConsoleSummary console;
};

// Writes the summaries of a finished set of records into `dir`: run_info.json, summary.json,
// summary.md, junit.xml, report.html, and the accuracy study of
// `truth_kinds` (accuracy.json, accuracy.md) when the records carry samples. report.html links to
// `records_file`, beside it. The rules of `known` (may be null) that applied to records and
// covered nothing are the summary's stale_rules, listed in the files. The records are read once, one at a time: what stays in memory is
// what the summaries show (the records each file lists, at most its cap) and the accuracy
// samples, never the run's records together.
absl::StatusOr<RunSummaries> WriteSummaries(const std::string& dir, const RunInfo& info, const RecordSource& records,
                                            const KnownDifferences* known, const std::string& timing,
                                            const TruthKinds& truth_kinds, const std::string& records_file);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_RUN_SUMMARIES_H_
