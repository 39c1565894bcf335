#ifndef DSCONFORM_FRONTENDS_CLI_REPORT_OUTPUT_H_
#define DSCONFORM_FRONTENDS_CLI_REPORT_OUTPUT_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/expect/expectations.h"
#include "harness/record/record.h"
#include "harness/run/runner.h"
#include "reports/jsonl_writer.h"

namespace dsconform {

// The report directory of a run: records.jsonl written as each record
// completes, then summary.json, summary.md, report.html and junit.xml.
class ReportOutput : public RecordSink {
 public:
  // Checks the directory is writable before any engine starts. With `resume`,
  // the records already there are kept and returned by done_records().
  static absl::StatusOr<std::unique_ptr<ReportOutput>> Open(const std::string& dir, bool resume);

  absl::Status Write(const Record& record) override;
  const std::vector<Record>& records() const { return records_; }
  const std::vector<Record>& done_records() const { return done_; }

  // Writes the summaries from every record (resumed ones and this run's,
  // sorted into case order), and prints the console summary to `console`.
  // Afterwards records() holds every record in case order and
  // done_records() is empty.
  absl::Status Finish(const RunInfo& info, const std::string& timing, std::FILE* console);

 private:
  ReportOutput(std::string dir, std::unique_ptr<JsonlWriter> writer, std::vector<Record> done)
      : dir_(std::move(dir)), writer_(std::move(writer)), done_(std::move(done)) {}
  std::string dir_;
  std::unique_ptr<JsonlWriter> writer_;
  std::vector<Record> done_;
  std::vector<Record> records_;
};

// Writes the four summaries of a finished set of records into `dir`.
absl::Status WriteSummaries(const std::string& dir, const RunInfo& info, const std::vector<Record>& records,
                            const std::string& timing);

// Per suite: records run and records differing; per differing field a count
// and an example; then where the reports are.
void PrintConsoleSummary(std::FILE* out, const RunInfo& info, const std::vector<Record>& records,
                         const std::string& dir);

// Pattern expectations (every_record false) that applied to these records and covered none of
// their differences: a notice for whoever keeps the file, not a failure (docs/expectations.md).
void PrintIdlePatterns(std::FILE* out, const ExpectationSet& set, const std::vector<Record>& records);

// When Java ran out of heap in some records (an error field or note naming OutOfMemoryError), how
// many and how to give it more: the cases are too large for the heap, not wrong.
void PrintOutOfMemoryAdvice(std::FILE* out, const std::vector<Record>& records);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_REPORT_OUTPUT_H_
