#ifndef DSCONFORM_HARNESS_GATE_GATE_ANALYSIS_H_
#define DSCONFORM_HARNESS_GATE_GATE_ANALYSIS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "harness/engine/observation.h"
#include "harness/record/record.h"

namespace dsconform {

// What a pull request changes: one run whose reference is the base revision's engine and whose
// candidates are the head revision's engine and the other implementations (`dsconform gate`),
// read case by case. A record compares two engines; the gate compares comparisons:
// head against base directly, and head's differences from each other implementation against
// base's, derived from the values the records keep.
enum class GateChangeKind {
  kHeadDiffers,     // a byte or answer of head differs from base's
  kNewDifference,   // head differs from another implementation where base agreed with it
  kGoneDifference,  // base differed from another implementation where head agrees with it
};
const char* GateChangeKindName(GateChangeKind kind);

struct GateChange {
  GateChangeKind kind = GateChangeKind::kHeadDiffers;
  std::string case_id;
  std::string family;
  // Which comparison: "" for the case's own program, else a cross stage, e.g.
  // "head reads java@9.1.0's images".
  std::string stage;
  std::string writer;  // the engine whose images that stage read ("" for the own program)
  std::string other;  // kNew/kGoneDifference: the other implementation
  std::string field;
  // The values, absent when that engine has no such field: base's and head's; for a
  // new or gone difference, the other implementation's too.
  std::optional<Value> base;
  std::optional<Value> head;
  std::optional<Value> other_value;
  std::vector<DecodedDiff> decoded;  // kHeadDiffers of an image: its decoded fields that differ
  std::string note;  // a whole-case change: an error or an unsupported case on one side only
};

// The changes of one kind to one field of one stage: how many, and the first.
struct GateFieldTally {
  int64_t changes = 0;
  GateChange first;
};

struct GateTally {
  int64_t changes = 0;
  std::map<std::string, int64_t> by_family;
  // By (stage, field, other implementation): a PR comment lists each once.
  std::map<std::tuple<std::string, std::string, std::string>, GateFieldTally> by_field;
};

struct GateResult {
  int64_t cases = 0;
  int64_t records = 0;
  std::map<GateChangeKind, GateTally> tallies;
  // Differences from another implementation that head keeps as base had them (field x case).
  int64_t unchanged_differences = 0;
  // The first changes of each kind, in case order (GateAnalyzer's max_listed).
  std::vector<GateChange> listed;
  // Whether head changes anything: the gate's verdict.
  bool HeadChanges() const;
};

class GateAnalyzer {
 public:
  // `base` and `head` are the engine names of the two revisions (the run's reference and a
  // candidate); every other engine of the records is another implementation.
  GateAnalyzer(std::string base, std::string head, int64_t max_listed = 200);

  // The records of one case, all of them (its own program and its cross stages).
  void AddCase(const std::vector<Record>& records);

  const GateResult& result() const { return result_; }

 private:
  void Add(GateChange change);
  void CompareHeadWithBase(const Record& r, bool base_ran);
  void DeriveOwnProgram(const Record* head, const Record& other);
  void CompareReaders(const Record* via_base, const Record* via_head, const std::string& writer_other);
  void CompareWriters(const Record* of_base, const Record* of_head, const std::string& reader);

  std::string base_;
  std::string head_;
  int64_t max_listed_;
  GateResult result_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_GATE_GATE_ANALYSIS_H_
