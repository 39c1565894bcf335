#include "harness/run/record_builder.h"

#include <iterator>

#include "absl/strings/str_cat.h"
#include "harness/diff/differ.h"
#include "harness/diff/invariant_checker.h"
#include "harness/truth/truth_kind.h"

namespace dsconform {
namespace {

// java and java-direct share a language, so their exceptions must match exactly.
std::string Language(const std::string& engine_name) {
  std::string kind = engine_name.substr(0, engine_name.find('@'));
  return kind.substr(0, kind.find('-'));
}

Record NewRecord(const IndexedCase& ic, const std::string& reference, const std::string& candidate) {
  Record r;
  r.index = ic.ordinal;
  r.case_id = ic.c->id;
  r.suite = ic.c->suite;
  r.family = ic.c->family;
  r.reference = reference;
  r.candidate = candidate;
  return r;
}

// Fills the verdict of a pairwise comparison; false when there was nothing to compare.
bool Unavailable(const StageOutcome& ref, const StageOutcome& cand, const std::string& ref_name,
                 const std::string& cand_name, Record& r) {
  if (!cand.failure.empty() || !ref.failure.empty()) {
    r.verdict = Verdict::kError;
    r.note = !cand.failure.empty() ? absl::StrCat(cand_name, ": ", cand.failure)
                                   : absl::StrCat("reference ", ref_name, ": ", ref.failure);
    return true;
  }
  if (cand.unsupported || ref.unsupported) {
    r.verdict = Verdict::kUnsupported;
    const StageOutcome& missing = cand.unsupported ? cand : ref;
    r.note = absl::StrCat(cand.unsupported ? cand_name : ref_name, ": ",
                          missing.unsupported_reason.empty()
                              ? absl::StrCat("family ", r.family, " is not supported by this engine")
                              : missing.unsupported_reason);
    return true;
  }
  if (!cand.observations || !ref.observations) {
    r.verdict = Verdict::kError;
    r.note = "no observations";
    return true;
  }
  return false;
}

DiffOptions DiffOptionsFor(const RunOptions& run, bool same_language) {
  DiffOptions options;
  options.same_language = same_language;
  options.max_image_bytes = run.max_record_image_bytes;
  return options;
}

// Compares one stage (of `steps`) as two engines ran it.
void Compare(const StageOutcome& ref, const StageOutcome& cand, const std::string& ref_name,
             const std::string& cand_name, const std::vector<Op>& steps, const Family* family, const RunOptions& run,
             Record& r) {
  if (Unavailable(ref, cand, ref_name, cand_name, r)) return;
  DiffOptions options = DiffOptionsFor(run, Language(ref_name) == Language(cand_name));
  options.steps = &steps;
  DiffResult d = DiffObservations(*ref.observations, *cand.observations, family, options);
  r.diffs = std::move(d.diffs);
  r.fields_compared = d.fields_compared;
  if (d.fields_compared == 0 && d.fields_unsupported > 0) {
    r.verdict = Verdict::kUnsupported;
    if (d.fields_language_specific < d.fields_unsupported)
      r.note = absl::StrCat(cand_name, ": no step of this case is supported by this engine");
    else if (!options.same_language)
      r.note = "every field is language-specific (lang.): compared between engines of one language only";
    else
      r.note = "every field is language-specific (lang.), and an engine drew random bits that the case could not pin";
    return;
  }
  r.verdict = r.diffs.empty() ? Verdict::kEqual : Verdict::kDiffers;
  if (run.known_differences != nullptr) ApplyKnownDifferences(*run.known_differences, r);
}

// The family that judges the case's records; none when the catalog lacks it.
const Family* FamilyOf(const Case& c, const RunOptions& options) {
  return options.families != nullptr ? options.families->Find(c.family) : nullptr;
}

}  // namespace

Record PairRecord(const IndexedCase& ic, const std::vector<std::string>& names, size_t k, const StageOutcome& reference,
                  const StageOutcome& candidate, const RunOptions& options) {
  const Family* family = FamilyOf(*ic.c, options);
  const std::string& ref_name = names[options.reference];
  Record r = NewRecord(ic, ref_name, names[k]);
  Compare(reference, candidate, ref_name, names[k], ic.c->ops, family, options, r);
  return r;
}

bool ChecksInvariants(const Case& c, const RunOptions& options) {
  return options.check_invariants && (!c.invariants.empty() || !c.truth.empty());
}

std::optional<Record> InvariantRecord(const IndexedCase& ic, const std::string& name, const StageOutcome& own,
                                      const RunOptions& options) {
  if (!ChecksInvariants(*ic.c, options) || !own.observations) return std::nullopt;  // failures: the pair records
  const Family* family = FamilyOf(*ic.c, options);
  InvariantChecker invariants(*ic.c, family, DiffOptionsFor(options, true));
  const std::vector<const TruthKind*> kinds = family != nullptr ? family->truth_kinds() : std::vector<const TruthKind*>();
  Record r = NewRecord(ic, name, name);
  InvariantResult inv = invariants.Check(*own.observations);
  r.diffs = std::move(inv.violations);
  r.fields_compared = inv.checks;
  for (const TruthKind* kind : kinds) {
    auto entries = ic.c->truth.find(kind->case_member());
    if (entries == ic.c->truth.end()) continue;
    TruthCheck check = kind->Check(*ic.c, entries->second, *own.observations, options.truth_settings);
    for (auto& d : check.outliers) r.diffs.push_back(std::move(d));
    r.fields_compared += check.checks;
    if (check.samples != nullptr && check.samples->size() > 0)
      r.truth_samples[kind->record_member()] = std::move(check.samples);
  }
  r.verdict = r.diffs.empty() ? Verdict::kEqual : Verdict::kDiffers;
  if (options.known_differences != nullptr) ApplyKnownDifferences(*options.known_differences, r);
  return r;
}

bool CrossStageRan(const StageOutcome& own) { return own.observations || !own.failure.empty() || own.unsupported; }

Record CrossRecord(const IndexedCase& ic, const std::vector<std::string>& names, size_t w, size_t k,
                   const StageOutcome& own, const StageOutcome& other, const RunOptions& options) {
  const Family* family = FamilyOf(*ic.c, options);
  Record r = NewRecord(ic, names[w], names[k]);
  r.writer = names[w];
  Compare(own, other, names[w], names[k], ic.c->cross->ops, family, options, r);
  return r;
}

}  // namespace dsconform
