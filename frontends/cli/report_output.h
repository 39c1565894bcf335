#ifndef DSCONFORM_FRONTENDS_CLI_REPORT_OUTPUT_H_
#define DSCONFORM_FRONTENDS_CLI_REPORT_OUTPUT_H_

#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "frontends/cli/run_summaries.h"
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
// the summaries from it (run_summaries.h), and removes the journal. No record is
// held in memory past its batch: the summaries read records.jsonl back.
class ReportOutput : public RecordSink {
 public:
  // Checks the directory is writable before any engine starts. A new run
  // removes the reports and the journal of an earlier run there. With
  // `resume`, the cases finished in records.jsonl and in the journal (its
  // committed batches; a batch cut short is dropped, with a word to `log`) are
  // kept and named by done_cases(). `truth_kinds` read their samples back and
  // study them (FamilyCatalog::truth_kinds). The rules of `known` (may be null;
  // must outlive the output) that apply to records and cover nothing are listed.
  static absl::StatusOr<std::unique_ptr<ReportOutput>> Open(const std::string& dir, bool resume,
                                                            const TruthKinds& truth_kinds,
                                                            const KnownDifferences* known, std::FILE* log = stderr);

  // Finish writes records.jsonl.zst (zstd) instead of records.jsonl.
  void set_compress_records(bool on) { compress_records_ = on; }

  // Journals the batch's records (thread-safe).
  absl::Status Write(const std::vector<IndexedCase>& batch, std::vector<Record> records) override;
  // The cases a resumed run found done.
  const std::set<int64_t>& done_cases() const { return done_cases_; }
  // Of this run's records (not the resumed ones): those with samples of truth, and the samples.
  int64_t trials() const { return trials_; }
  int64_t estimates() const { return estimates_; }

  // Writes records.jsonl in case order and the summaries from every record in it (resumed ones
  // and this run's), prints the console summary to `console`, and removes the journal. The rules
  // of Open's `known` that applied and covered nothing are listed in the summaries and on the
  // console. `after_records_file`, when given, is called once records.jsonl is written (tests
  // kill the run there).
  absl::StatusOr<RunSummaries> Finish(const RunInfo& info, const std::string& timing, std::FILE* console,
                                      const std::function<void()>& after_records_file = nullptr);
  // The records file Finish wrote.
  std::string records_path() const;

 private:
  ReportOutput(std::string dir, TruthKinds truth_kinds, const KnownDifferences* known,
               std::unique_ptr<RecordJournal> journal, std::set<int64_t> done_cases,
               std::vector<RecordLine> done_file_lines, std::vector<RecordLine> journal_lines);
  const std::string dir_;
  const TruthKinds truth_kinds_;
  const KnownDifferences* const known_;
  std::unique_ptr<RecordJournal> journal_;
  const std::set<int64_t> done_cases_;
  std::vector<RecordLine> done_file_lines_;  // where the records of records.jsonl resumed from are in it
  std::mutex mu_;                            // guards what follows while the run goes on
  std::vector<RecordLine> journal_lines_;    // resumed and new records in the journal
  int64_t trials_ = 0, estimates_ = 0;
  bool compress_records_ = false;
};

// records.jsonl, or records.jsonl.zst when `compress`.
std::string RecordsFileName(bool compress);

// The RunInfo a finished run wrote into its report directory (run_info.json); an error names the
// file and says why it cannot be read.
absl::StatusOr<RunInfo> ReadRunInfo(const std::string& dir);

// The records file of a finished run in `dir`: records.jsonl, else records.jsonl.zst.
std::string RecordsFileIn(const std::string& dir);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_REPORT_OUTPUT_H_
