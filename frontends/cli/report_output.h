#ifndef DSCONFORM_FRONTENDS_CLI_REPORT_OUTPUT_H_
#define DSCONFORM_FRONTENDS_CLI_REPORT_OUTPUT_H_

#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/expect/known_differences.h"
#include "harness/record/record.h"
#include "harness/run/runner.h"
#include "harness/truth/truth_kind.h"
#include "reports/record_journal.h"
#include "reports/record_lines.h"

namespace dsconform {

// The report directory of a run. While it runs, each finished batch's records
// go to records.journal.jsonl (reports/record_journal.h), so a run killed at any
// moment keeps whatever it finished. Finish writes records.jsonl from the
// journal (and, resumed, the records.jsonl it started from) in case order, then
// summary.json, summary.md, report.html and junit.xml (and, when records carry
// samples of the kinds of truth, accuracy.json and accuracy.md), and removes
// the journal.
class ReportOutput : public RecordSink {
 public:
  // Checks the directory is writable before any engine starts. A new run
  // removes the reports and the journal of an earlier run there. With
  // `resume`, the cases finished in records.jsonl and in the journal (its
  // committed batches; a batch cut short is dropped, with a word to `log`) are
  // kept and their records returned by done_records(). `truth_kinds` read
  // their samples back and study them (FamilyCatalog::truth_kinds). The rules
  // of `known` (may be null; must outlive the output) that apply to records and
  // cover nothing are told as each record comes, since a known record is kept
  // without its values (reports/known_record_values.h).
  static absl::StatusOr<std::unique_ptr<ReportOutput>> Open(const std::string& dir, bool resume,
                                                            const TruthKinds& truth_kinds,
                                                            const KnownDifferences* known, std::FILE* log = stderr);

  // Finish writes records.jsonl.zst (zstd) instead of records.jsonl.
  void set_compress_records(bool on) { compress_records_ = on; }

  // Journals the batch's records (thread-safe).
  absl::Status Write(const std::vector<IndexedCase>& batch, std::vector<Record> records) override;
  // This run's records, in the order their batches finished; after Finish, every record in case order.
  // Known records without their values (records.jsonl has them).
  const std::vector<Record>& records() const { return records_; }
  const std::vector<Record>& done_records() const { return done_; }

  // Writes records.jsonl in case order and the summaries from every record
  // (resumed ones and this run's), prints the console summary to `console`,
  // and removes the journal. Afterwards records() holds every record in case
  // order and done_records() is empty. The rules of Open's `known` that applied and covered
  // nothing are listed in the summaries and on the console. `after_records_file`, when given, is
  // called once records.jsonl is written (tests kill the run there).
  absl::Status Finish(const RunInfo& info, const std::string& timing, std::FILE* console,
                      const std::function<void()>& after_records_file = nullptr);

 private:
  ReportOutput(std::string dir, TruthKinds truth_kinds, const KnownDifferences* known,
               std::unique_ptr<RecordJournal> journal, std::vector<Record> done,
               std::vector<RecordLine> done_file_lines, std::vector<RecordLine> journal_lines);
  // Tells the stale rules the record, then lets go of what no summary reads of it.
  void Keep(Record& r);
  const std::string dir_;
  const TruthKinds truth_kinds_;
  std::unique_ptr<RecordJournal> journal_;
  std::vector<Record> done_;
  std::vector<RecordLine> done_file_lines_;  // where done_ records of records.jsonl are in it
  std::mutex mu_;                            // guards what follows while the run goes on
  std::vector<RecordLine> journal_lines_;    // resumed and new records in the journal
  std::vector<Record> records_;
  std::optional<StaleRuleTally> stale_;     // with Open's `known`
  bool compress_records_ = false;
};

// Writes the summaries of a finished set of records into `dir`: run_info.json,
// summary.json, summary.md (the stale rules among them), junit.xml, report.html,
// and the accuracy study of `truth_kinds` (accuracy.json, accuracy.md) when the
// records carry samples. report.html links to `records_file`, beside it.
absl::Status WriteSummaries(const std::string& dir, const RunInfo& info, const std::vector<Record>& records,
                            const std::vector<StaleRule>& stale_rules, const std::string& timing,
                            const TruthKinds& truth_kinds, const std::string& records_file);

// records.jsonl, or records.jsonl.zst when `compress`.
std::string RecordsFileName(bool compress);

// The RunInfo a finished run wrote into its report directory (run_info.json); an error names the
// file and says why it cannot be read.
absl::StatusOr<RunInfo> ReadRunInfo(const std::string& dir);

// The records file of a finished run in `dir`: records.jsonl, else records.jsonl.zst.
std::string RecordsFileIn(const std::string& dir);

// The accuracy study of `records` over `truth_kinds`, as `run` prints it:
// "accuracy: F findings over N estimates and M rank trials (accuracy.md)", then
// one line per finding.
void PrintAccuracyFindings(std::FILE* out, const std::vector<Record>& records, const TruthKinds& truth_kinds);

// Per suite: records run and records differing; per differing field a count
// and an example; then where the reports are.
void PrintConsoleSummary(std::FILE* out, const RunInfo& info, const std::vector<Record>& records,
                         const std::string& dir);

// Rule parts that applied to the records and covered none of their differences: a notice for
// whoever keeps the rules, not a failure (docs/expectations.md).
void PrintStaleRules(std::FILE* out, const std::vector<StaleRule>& stale);

// When Java ran out of heap in some records (an error field or note naming OutOfMemoryError), how
// many and how to give it more: the cases are too large for the heap, not wrong.
void PrintOutOfMemoryAdvice(std::FILE* out, const std::vector<Record>& records);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_REPORT_OUTPUT_H_
