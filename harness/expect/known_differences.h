#ifndef DSCONFORM_HARNESS_EXPECT_KNOWN_DIFFERENCES_H_
#define DSCONFORM_HARNESS_EXPECT_KNOWN_DIFFERENCES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/expect/rule.h"
#include "harness/record/record.h"

namespace dsconform {

// The known differences a run is judged against: the rules of every file given (docs/expectations.md).
struct KnownDifferences {
  std::vector<std::string> paths;  // as given (files and directories)
  std::vector<std::string> files;  // the files read, in order
  std::vector<Rule> rules;

  bool empty() const { return rules.empty(); }
  // The paths as a run's reports name them: "sketches", "a.jsonl,b.jsonl".
  std::string Describe() const;
};

// Reads rules from files and directories. A directory stands for its known_differences.jsonl and
// every <subdirectory>/known_differences.jsonl (sketches/ holds one per family folder), in path
// order. JSON lines, one rule per line; blank lines and lines starting with '#' are comments.
// Errors name the file, the line and the member.
absl::StatusOr<KnownDifferences> LoadKnownDifferences(const std::vector<std::string>& paths);

// Judges a compared record: marks every difference a rule covers as known and sets the verdict:
// differs if any difference is not covered; unexpectedly equal if a part of an every_record rule
// applies to the record and covers nothing in it; known if all were covered; equal otherwise.
// Records with verdict error or unsupported are left alone.
void ApplyKnownDifferences(const KnownDifferences& known, Record& record);

// Judges a record of an earlier run again (`merge --expectations`): forgets what covered its
// differences before, then applies `known`.
void RejudgeRecord(const KnownDifferences& known, Record& record);

// A rule part that applied to records of a run and covered none of their differences: the finding
// may be fixed in the engines compared, or the run did not reach it. Said, not failed.
struct StaleRule {
  std::string finding;
  std::string where;  // "sketches/hll/known_differences.jsonl:3"
  std::string part;   // the part's name; empty when the rule has one part
  std::string reason;
  std::string doc;
  int64_t records = 0;  // compared records it applied to
};
std::vector<StaleRule> StaleRules(const KnownDifferences& known, const std::vector<Record>& records);

// StaleRules one record at a time, for a run that does not keep its records whole: each record is
// added as it is judged, while it still has every value a rule's shape reads. `known` must outlive
// the tally.
class StaleRuleTally {
 public:
  explicit StaleRuleTally(const KnownDifferences& known);
  void Add(const Record& r);
  std::vector<StaleRule> Stale() const;

 private:
  struct Tally {
    int64_t applied = 0;
    bool covered = false;
  };
  const KnownDifferences& known_;
  std::vector<std::vector<Tally>> tallies_;  // per rule, per part
};
// "F2 part \"sign of the upper bound\" (sketches/hll/known_differences.jsonl:3): applied to 18 records, covered nothing"
std::string StaleRuleLine(const StaleRule& s);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_EXPECT_KNOWN_DIFFERENCES_H_
