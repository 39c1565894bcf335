#ifndef DSCONFORM_HARNESS_TRUTH_TRUTH_KIND_H_
#define DSCONFORM_HARNESS_TRUTH_TRUTH_KIND_H_

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "harness/case/case_program.h"
#include "harness/engine/observation.h"
#include "harness/record/record.h"
#include "harness/truth/truth_samples.h"
#include "harness/truth/truth_study.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// Numbers that tune the kinds' checks, by name ("outlier_sigmas"). Each kind
// reads its own and keeps its default for any not given; the front end maps
// its flags onto them (RunOptions::truth_settings).
using TruthSettings = std::map<std::string, double>;

inline double SettingOr(const TruthSettings& settings, const std::string& name, double fallback) {
  auto it = settings.find(name);
  return it == settings.end() ? fallback : it->second;
}

// One engine's observations judged against a case's entries of one kind.
struct TruthCheck {
  std::shared_ptr<const TruthSamples> samples;  // null or empty: the engine answered nothing to sample
  std::vector<FieldDiff> outliers;              // "accuracy: <field>": the engine's own difference
  int checks = 0;                               // judgements made, counted as fields compared
};

// An engine's answer that breaks what the truth says, as a difference of its
// self-check record: "accuracy: <field>", what was expected, what was seen.
inline FieldDiff TruthOutlier(const std::string& field, std::string expected, std::string seen) {
  FieldDiff d;
  d.field = "accuracy: " + field;
  d.reference = Value::String(std::move(expected));
  d.candidate = Value::String(std::move(seen));
  return d;
}

// The outlier of a case whose entries of a kind cannot be read: a case that
// skipped ValidateCase must not pass unjudged.
inline FieldDiff UnreadableEntries(const std::string& case_member, const absl::Status& why) {
  return TruthOutlier(case_member, "entries its kind of truth can read", std::string(why.message()));
}

// A kind of truth: answers the harness knows exactly because it made the items
// (distinct counts, ranks; next frequencies, sampling weights, membership),
// and everything about them. A case carries its entries under case_member();
// each engine's own first-stage observations are checked against them in its
// self-check record, whose samples go under record_member(); the study pools
// the samples of a run. The core names no kind: a family supplies its kinds
// (Family::truth_kinds), and kinds that several families share live in
// harness/truth/<kind>/ (docs/adding.md, "Adding a kind of truth").
class TruthKind {
 public:
  virtual ~TruthKind() = default;
  // For people and messages: "distinct counts".
  virtual std::string name() const = 0;
  // The member of a case that carries its entries, an array: "truth" (Case::truth's key).
  virtual std::string case_member() const = 0;
  // The member of a self-check record its samples go under: "accuracy" (Record::truth_samples' key).
  virtual std::string record_member() const = 0;
  // Checks the entries a case carries (the array under case_member()). Messages
  // name the JSON path from `path` on ("/truth/0/distinct: must not be negative").
  virtual absl::Status ValidateEntries(const nlohmann::ordered_json& entries, const std::string& path) const = 0;
  // Judges one engine's observations of the case's first stage against the
  // case's (validated) entries. Entries the engine did not answer (it threw,
  // or cannot do the step) are skipped, as invariants are.
  virtual TruthCheck Check(const Case& c, const nlohmann::ordered_json& entries, const Observations& observations,
                           const TruthSettings& settings) const = 0;
  // Reads back what its samples' ToJson wrote.
  virtual absl::StatusOr<std::shared_ptr<const TruthSamples>> SamplesFromJson(const nlohmann::json& member) const = 0;
  // Pools its samples of `records` (by suite, series, engine and point) into its part of the study.
  virtual std::unique_ptr<const TruthStudy> Study(const std::vector<Record>& records,
                                                  const StudyOptions& options) const = 0;
};

// Kinds in a fixed order: a family's, or every compiled family's (FamilyCatalog::truth_kinds).
using TruthKinds = std::vector<const TruthKind*>;

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_TRUTH_KIND_H_
