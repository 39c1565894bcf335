#ifndef DSCONFORM_HARNESS_CASE_CASE_PROGRAM_H_
#define DSCONFORM_HARNESS_CASE_CASE_PROGRAM_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/item_stream.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// One step of a case program. The operation vocabulary is shared by all
// families (docs/case-format.md); what `args` may hold is the family's to
// define and validate.
struct Op {
  std::string op;      // create, union, update, merge, result, serialize, deserialize, copy, convert, reset, query, rel_err
  std::string sketch;  // the slot the step creates or acts on
  nlohmann::ordered_json args = nlohmann::ordered_json::object();  // every other field (sorted by name once parsed)
  std::optional<ItemStream> items;                                  // steps that take items (update)

  // Typed views of `args` for engines; the case was validated, so a missing
  // member yields the fallback only where the format documents a default.
  int64_t Int(const char* key, int64_t fallback = 0) const;
  std::string Str(const char* key, const std::string& fallback = "") const;
  std::vector<std::string> StrList(const char* key) const;
};

// The second stage of a cross case: run on every engine with the images that
// another engine's first stage wrote (see docs/case-format.md, "Cross cases").
struct CrossStage {
  std::vector<std::string> images;  // names of byte fields of the writer's observations
  std::vector<Op> ops;
};

// A property one engine's own observations must have, whatever the other
// engines do: "equal" (all listed fields identical, e.g. union results of every
// input order) or a family check on images (e.g. "hll_image_consistent").
struct Invariant {
  std::string check;
  std::vector<std::string> fields;
};

// A deterministic workload with a stable, readable id. A case is data: the
// same JSON form is what suites generate, `repro` prints and the corpus stores.
struct Case {
  std::string id;      // e.g. hll/sketch/lgk=12/type=HLL_4/n=3072
  std::string suite;   // e.g. hll.matrix
  std::string family;  // e.g. hll
  std::vector<Op> ops;
  // Images the first stage's deserialize steps may read, by name: snapshots
  // imported from outside (the TCK's .sk files). JSON: name -> hex.
  std::map<std::string, std::string> inputs;
  std::optional<CrossStage> cross;
  std::vector<Invariant> invariants;  // checked on the first stage's observations
  // True answers to the case's queries, known because the harness made the
  // items: the entries of each kind of truth (harness/truth/truth_kind.h), an
  // array, by the case member that carries them ("truth", "rank_truth").
  // Engines never see them; each engine's own first-stage observations are
  // judged against them by the kinds the case's family supplies.
  std::map<std::string, nlohmann::ordered_json> truth;
};

// Truth entries are written with `of` first, `series` last and their other
// members by name between, as every kind states them (docs/case-format.md), so
// a case prints the same whether a suite built it or it was read.
nlohmann::ordered_json CaseToJson(const Case& c);
// Whether a member of a case's JSON form judges its answers (its invariants, a kind of truth's
// entries) rather than states its program.
bool IsJudgingMember(const std::string& member);
// Parses and validates the structure; family-specific validation, that of the
// truth entries included, is ValidateCase (harness/family/case_validation.h).
// Members other than a case's own are kept as truth entries when they are
// arrays, and are an error otherwise.
absl::StatusOr<Case> CaseFromJson(const nlohmann::json& j, const std::string& path = "");

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_CASE_PROGRAM_H_
