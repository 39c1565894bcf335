#ifndef DSCONFORM_FRONTENDS_CLI_CONSOLE_SUMMARY_H_
#define DSCONFORM_FRONTENDS_CLI_CONSOLE_SUMMARY_H_

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "harness/expect/known_differences.h"
#include "harness/record/record.h"
#include "harness/truth/accuracy_study.h"

namespace dsconform {

// What `run` and `merge` print when they finish, gathered from the records one at a time: per
// suite, records run and differing; per differing field a count and its first example; the first
// error; how many records ran out of Java heap.
class ConsoleSummary {
 public:
  explicit ConsoleSummary(const RunInfo& info) : info_(info) {}
  void Add(const Record& r);

  // The tables, then where the reports are (`dir`).
  void Print(std::FILE* out, const std::string& dir) const;
  // When Java ran out of heap in some records (an error field or note naming OutOfMemoryError),
  // how many and how to give it more: the cases are too large for the heap, not wrong.
  void PrintOutOfMemoryAdvice(std::FILE* out) const;

 private:
  struct SuiteLine {
    int64_t records = 0, differing = 0, known = 0, stale = 0, errors = 0, unsupported = 0;
  };
  struct FieldLine {
    int64_t count = 0;
    std::string example;  // case id [engines], the difference, the repro command
  };
  const RunInfo info_;
  std::map<std::string, SuiteLine> suites_;
  std::map<std::string, FieldLine> fields_;  // by FieldKind
  std::string first_error_;
  int64_t out_of_memory_ = 0;
};

// Rule parts that applied to the records and covered none of their differences: a notice for
// whoever keeps the rules, not a failure (docs/expectations.md).
void PrintStaleRules(std::FILE* out, const std::vector<StaleRule>& stale);

// The accuracy study as `run` prints it: "accuracy: F findings over N estimates and M rank trials
// (accuracy.md)", then one line per finding.
void PrintAccuracyFindings(std::FILE* out, const AccuracyStudy& study);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_CONSOLE_SUMMARY_H_
