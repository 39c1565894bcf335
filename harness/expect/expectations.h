#ifndef DSCONFORM_HARNESS_EXPECT_EXPECTATIONS_H_
#define DSCONFORM_HARNESS_EXPECT_EXPECTATIONS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/report/record.h"

namespace dsconform {

// One known difference (docs/expectations.md). Patterns are globs: '*' matches
// any run of characters (including '/'), '?' one character.
struct Expectation {
  std::string case_pattern;
  std::string reference_pattern = "*";
  std::string candidate_pattern = "*";
  std::string field_pattern = "*";
  // Cross stages: the engine whose images were read. Absent: any record;
  // "": only first-stage records (they have no writer).
  std::optional<std::string> writer_pattern;
  std::string reason;
  std::string link;
  int line = 0;  // where it came from, for messages
};

struct ExpectationSet {
  std::string path;
  std::vector<Expectation> entries;
  // Which entries can apply to a case, by the case id's first two segments ("hll/sketch/"): a
  // run compares each record with a few dozen lines, not thousands. Built by LoadExpectations;
  // entries whose case pattern has a wildcard there are in `any_case`.
  bool indexed = false;
  std::map<std::string, std::vector<size_t>, std::less<>> by_case_prefix;
  std::vector<size_t> any_case;
};

bool GlobMatch(const std::string& pattern, const std::string& text);

// Reads a JSON-lines expectations file: one object per line; blank lines and
// lines starting with '#' are comments. Errors name file, line and reason.
absl::StatusOr<ExpectationSet> LoadExpectations(const std::string& path);

// Marks the differences of a compared record that an expectation covers, and
// sets its verdict: differs if any difference is not covered; unexpectedly
// equal if an expectation that applies to this record (case and engines
// match) found no difference to cover; known if all were covered; equal
// otherwise. Records with verdict error or unsupported are left alone.
// `used[i]` is set when entry i covered a difference.
void ApplyExpectations(const ExpectationSet& set, Record& record, std::vector<bool>* used);

// The expectations file that would make this run pass: entries that still
// cover a difference are kept with their reasons and links; entries that apply
// to a record of this run but cover nothing are dropped; entries this run did
// not exercise are kept; each uncovered difference gets an exact new entry.
std::string RewriteExpectations(const ExpectationSet& old_set, const std::vector<Record>& records);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_EXPECT_EXPECTATIONS_H_
