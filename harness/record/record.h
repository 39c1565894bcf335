#ifndef DSCONFORM_HARNESS_RECORD_RECORD_H_
#define DSCONFORM_HARNESS_RECORD_RECORD_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/engine/observation.h"
#include "harness/truth/truth_samples.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The outcome of comparing one case (or one cross stage) on one candidate
// engine against the reference engine.
enum class Verdict {
  kEqual,               // every field equal
  kDiffers,             // at least one field differs, not covered by a known-difference rule
  kKnown,               // every difference is covered by a rule (harness/expect/)
  kUnexpectedlyEqual,   // an every_record rule applies, but its difference no longer occurs
  kUnsupported,         // the candidate cannot run this case ("not supported by this engine")
  kError,               // the engine failed as a whole (crash, bridge failure); see `note`
};
const char* VerdictName(Verdict v);
bool VerdictFromName(const std::string& name, Verdict* out);
// True for verdicts that fail a run (exit status 1).
bool VerdictFails(Verdict v);

// A decoded field of a byte image that differs, e.g. {"hipAccum", "131328.0", "0.0"}.
struct DecodedDiff {
  std::string field;
  std::string reference;  // empty when absent on that side
  std::string candidate;
  uint32_t offset = 0;
  uint32_t size = 0;
};

struct FieldDiff {
  std::string field;  // observation field name, e.g. a.compact
  bool missing_in_reference = false;
  bool missing_in_candidate = false;
  Value reference;
  Value candidate;
  std::vector<ByteRange> ranges;      // byte images only; the first DiffOptions::max_ranges of them
  uint64_t ranges_total = 0;          // how many there are, when `ranges` lists only the first
  std::vector<DecodedDiff> decoded;   // byte images only, in image order
  bool known = false;                 // covered by a known-difference rule
};

class TruthKind;  // harness/truth/truth_kind.h

struct Record {
  int64_t index = 0;  // position in the run's case order; reports sort by it
  std::string case_id;
  std::string suite;
  std::string family;
  std::string reference;  // engine names
  std::string candidate;
  std::string writer;     // cross stages: the engine whose images were read
  Verdict verdict = Verdict::kEqual;
  std::vector<FieldDiff> diffs;
  std::string note;                  // kError / kUnsupported explanation
  std::string expectation_reason;    // kKnown / kUnexpectedlyEqual
  std::string expectation_link;
  std::vector<std::string> expectation_findings;  // the findings of the rules that explained it ("T5", "J6")
  int fields_compared = 0;
  // Self-check records of cases with truth: what each kind of truth sampled of
  // this engine's answers, by the kind's record member (TruthKind::record_member).
  std::map<std::string, std::shared_ptr<const TruthSamples>> truth_samples;
};

// What the report writers need to know about the run as a whole.
struct RunInfo {
  std::string command_line;  // how to re-run it
  std::string reference;
  std::vector<std::string> engines;
  std::vector<std::string> suites;
  std::string known_differences;  // the rule files and directories given, comma-separated: "sketches"
  std::string status = "complete";  // complete | interrupted
  // Engines `repro` cannot name as they are named here (a corpus): name -> spec.
  std::map<std::string, std::string> engine_specs;
  // The flags that made the cases when they are not the suites' own (--cases_file,
  // --tck_dir, --fuzz_from ...), so that repro finds them: "--tck_dir=/data/tck".
  std::string case_source;
  int64_t total_cases = 0;
  // A shard of a run (--shard=I/N) runs every Nth case of the run's all_cases; `merge` checks
  // that its inputs are the N shards of one run. Unsharded: 0/1.
  int64_t shard_index = 0;
  int64_t shard_count = 1;
  int64_t all_cases = 0;
  // The memory the run was given (--memory) and the peak resident memory of the process that ran
  // it, the JVM of the Java engines included (engines out of process are not); 0: not known.
  int64_t memory_budget_bytes = 0;
  int64_t peak_rss_bytes = 0;
};

// The record's line of records.jsonl (without its newline), appended to `line`; invalid UTF-8 is
// replaced. RecordToJson is that line parsed.
void AppendRecordLine(const Record& r, std::string* line);
nlohmann::ordered_json RecordToJson(const Record& r);
// run_info.json, so that `merge` can rebuild the RunInfo of a sharded run.
nlohmann::ordered_json RunInfoToJson(const RunInfo& info);
bool RunInfoFromJson(const nlohmann::json& j, RunInfo* out, std::string* error);
// Reads a record back. The samples of the kinds of truth given are read by
// their kind; a member of no kind given is left out, as any member unknown.
bool RecordFromJson(const nlohmann::json& j, Record* out, std::string* error,
                    const std::vector<const TruthKind*>& truth_kinds = {});

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RECORD_RECORD_H_
