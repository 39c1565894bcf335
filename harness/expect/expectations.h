#ifndef DSCONFORM_HARNESS_EXPECT_EXPECTATIONS_H_
#define DSCONFORM_HARNESS_EXPECT_EXPECTATIONS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/record/record.h"

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
  // What the difference itself must look like, so that one line can cover a kind of difference
  // across a whole suite without hiding another kind: every decoded image field of the difference
  // matches one of `decoded_patterns` ("entry[*]", "seedHash"); two doubles at most `max_ulps`
  // units in the last place apart.
  std::vector<std::string> decoded_patterns;
  std::optional<uint64_t> max_ulps;
  // true: each record the entry applies to must show the difference (else unexpectedly equal).
  // false: a pattern that covers the differences of its shape wherever they occur; a run lists the
  // patterns that applied but covered nothing (IdlePatterns) without failing.
  bool every_record = true;
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
// equal if an every_record expectation that applies to this record (case and
// engines match) found no difference to cover; known if all were covered; equal
// otherwise. Records with verdict error or unsupported are left alone.
void ApplyExpectations(const ExpectationSet& set, Record& record);

// Judges a record of an earlier run again against `set` (`merge --expectations`): forgets what
// covered its differences before, then applies `set`.
void RejudgeRecord(const ExpectationSet& set, Record& record);

// A pattern entry (every_record false) that applied to records of a run and covered none of their
// differences: the difference it describes may be gone (or the run did not reach it).
struct IdlePattern {
  const Expectation* entry = nullptr;
  int64_t records = 0;  // compared records it applied to
};
std::vector<IdlePattern> IdlePatterns(const ExpectationSet& set, const std::vector<Record>& records);

// The expectations file that would make this run pass: entries that still
// cover a difference are kept with their reasons and links; entries that apply
// to a record of this run but cover nothing are dropped, unless they are patterns;
// entries this run did not exercise are kept; each uncovered difference gets an exact new entry.
std::string RewriteExpectations(const ExpectationSet& old_set, const std::vector<Record>& records);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_EXPECT_EXPECTATIONS_H_
