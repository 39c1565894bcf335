#ifndef DSCONFORM_REPORTS_RUN_SUMMARY_H_
#define DSCONFORM_REPORTS_RUN_SUMMARY_H_

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "harness/expect/known_differences.h"
#include "harness/record/record.h"
#include "nlohmann/json.hpp"

namespace dsconform {

struct VerdictCounts {
  int64_t records = 0;
  int64_t equal = 0;
  int64_t differs = 0;
  int64_t known = 0;
  int64_t unexpectedly_equal = 0;
  int64_t unsupported = 0;
  int64_t error = 0;

  void Add(Verdict v);
  int64_t Of(Verdict v) const;
  // Records whose verdict fails a run (VerdictFails); with `allow_unexpectedly_equal`
  // (--allow_unexpectedly_equal), those but the unexpectedly equal.
  int64_t failing(bool allow_unexpectedly_equal = false) const {
    return differs + (allow_unexpectedly_equal ? 0 : unexpectedly_equal) + error;
  }
};

// How often one kind of difference occurred, and where first.
struct DifferenceTally {
  int64_t count = 0;  // differences of this kind, known ones included
  int64_t known = 0;  // of which an expectation covers
  // The first kMaxExamples distinct case ids, in run order: with a difference
  // no expectation covers, and with a covered one.
  std::vector<std::string> examples;
  std::vector<std::string> known_examples;
};

// The records a finding's rules explained: how many, between which engines, and where first.
struct FindingTally {
  int64_t records = 0;  // records it explained (a record with several findings counts for each)
  int64_t known = 0;    // of which the whole record was known
  std::map<std::string, int64_t> by_engine_pair;
  std::vector<std::string> examples;  // the first kMaxExamples distinct case ids
};

struct RunSummary {
  static constexpr int kMaxExamples = 3;

  VerdictCounts total;
  std::map<std::string, VerdictCounts> by_suite;
  std::map<std::string, VerdictCounts> by_family;
  std::map<std::string, VerdictCounts> by_engine_pair;  // "java@9.0.0 -> cpp@5.2.0"
  std::map<std::string, DifferenceTally> by_field;          // FieldKind: "compact", "frequent_nfn[*]"
  std::map<std::string, DifferenceTally> by_full_field;     // IndicesGrouped: "a.compact", "a.frequent_nfn[*]"
  std::map<std::string, DifferenceTally> by_decoded_field;  // IndicesGrouped: "register[*]"
  std::map<std::string, FindingTally> by_finding;          // "T5"
  // First kMaxExamples case ids of each verdict other than equal.
  std::map<Verdict, std::vector<std::string>> examples_by_verdict;
  // Rule parts that applied to records of the run and covered nothing (StaleRules): the writers
  // list them; they do not fail the run. Filled by whoever knows the rules, not by Summarize.
  std::vector<StaleRule> stale_rules;
};

// The records in run order (by index; ties by candidate, writer, case id), as
// every report lists them: workers finish out of order.
std::vector<const Record*> InReportOrder(const std::vector<Record>& records);

// A field name without its slot, indices grouped: "a.compact" -> "compact",
// "u.result.updatable" -> "result.updatable", "a.frequent_nfn[12]" -> "frequent_nfn[*]"; "error"
// stays "error".
std::string FieldKind(const std::string& field);

// Builds a RunSummary from records given one at a time in report order, so that a run's records
// need not be held together (a full qualification has close to a million).
class SummaryBuilder {
 public:
  SummaryBuilder() = default;
  SummaryBuilder(const SummaryBuilder&) = delete;  // it points into its own summary
  SummaryBuilder& operator=(const SummaryBuilder&) = delete;
  void Add(const Record& r);
  RunSummary Take() {
    tallies_of_field_.clear();
    return std::move(s_);
  }

 private:
  // A differing field's two tallies (by_full_field, by_field), found by hashing its name: a
  // Frequent items run's records name tens of thousands of list rows ("a.frequent_nfp[1234]"),
  // each grouped again would be a string built per difference. The maps' nodes stay put.
  struct FieldTallies {
    DifferenceTally* full = nullptr;
    DifferenceTally* kind = nullptr;
  };
  absl::flat_hash_map<std::string, FieldTallies> tallies_of_field_;
  RunSummary s_;
};

RunSummary Summarize(const std::vector<Record>& records);

// The CI gate: it passes when the run completed and no record fails.
struct Gate {
  bool passed = false;
  std::string text;  // "PASS", "FAIL: 2 differs, 1 error", "FAIL: run interrupted (40 records written for 96 cases)"
};
Gate EvaluateGate(const RunInfo& info, const RunSummary& summary);

// summary.json: run status, gate, total cases, records written, and every count.
nlohmann::ordered_json SummaryToJson(const RunInfo& info, const RunSummary& summary);
absl::Status WriteSummaryJson(const std::string& path, const RunInfo& info, const RunSummary& summary);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_RUN_SUMMARY_H_
