#ifndef DSCONFORM_REPORTS_MARKDOWN_REPORT_H_
#define DSCONFORM_REPORTS_MARKDOWN_REPORT_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "harness/record/record.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "reports/run_summary.h"

namespace dsconform {

struct MarkdownOptions {
  int max_examples_per_kind = 3;  // "First examples" shown per kind of difference
  int max_listed = 20;            // unexpectedly-equal and error records listed
  int max_table_rows = 50;        // rows per table before "N more"
  size_t max_value_chars = 160;   // a longer value or message is cut, marked with "…"
  // GitHub refuses a PR comment over 65536 characters: examples that would
  // pass this budget are left out, and the report says how many.
  size_t max_chars = 60000;
};

// The records summary.md lists, kept as the run's records come one at a time in report order: the
// first examples of each kind of unexpected difference, and the first unexpectedly-equal and error
// records with how many there are; the rest are not held.
class MarkdownRecords {
 public:
  explicit MarkdownRecords(const MarkdownOptions& options = {});
  void Add(const Record& r);

  struct Example {
    size_t record = 0;  // in records()
    size_t diff = 0;    // in its diffs
  };
  const std::vector<Record>& records() const { return records_; }
  // By FieldKind, in report order.
  const std::map<std::string, std::vector<Example>>& examples() const { return examples_; }
  struct Listed {
    int64_t count = 0;            // records of the verdict added
    std::vector<size_t> records;  // the first of them, in records()
  };
  // Of kUnexpectedlyEqual and kError.
  const Listed& listed(Verdict v) const;

 private:
  size_t Keep(const Record& r);
  const MarkdownOptions o_;
  std::vector<Record> records_;
  std::map<std::string, std::vector<Example>> examples_;
  std::map<Verdict, Listed> listed_;
};

// summary.md, for a CI job summary or a PR comment: a header with the gate,
// engines, suites and status; counts per suite, per engine pair, per field
// and per decoded field; the first examples of each kind of difference with
// both values and a repro command; unexpectedly-equal and error records with
// their reason. Untrusted text is shown in code spans or escaped.
// `kept` with the same options.
std::string RenderMarkdownReport(const RunInfo& info, const RunSummary& summary, const MarkdownRecords& kept,
                                 const MarkdownOptions& options = {});
std::string RenderMarkdownReport(const RunInfo& info, const RunSummary& summary,
                                 const std::vector<Record>& records, const MarkdownOptions& options = {});

absl::Status WriteMarkdownReport(const std::string& path, const RunInfo& info, const RunSummary& summary,
                                 const MarkdownRecords& kept, const MarkdownOptions& options = {});

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_MARKDOWN_REPORT_H_
