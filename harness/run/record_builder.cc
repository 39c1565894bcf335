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

}  // namespace

std::vector<Record> BuildRecords(const IndexedCase& ic, const std::vector<std::string>& names,
                                 const std::vector<StageOutcome>& first,
                                 const std::vector<std::vector<StageOutcome>>& cross, const RunOptions& options) {
  const Family* family = options.families != nullptr ? options.families->Find(ic.c->family) : nullptr;
  const size_t reference = options.reference;
  std::vector<Record> records;
  for (size_t k = 0; k < names.size(); ++k) {
    if (k == reference) continue;
    Record r = NewRecord(ic, names[reference], names[k]);
    Compare(first[reference], first[k], names[reference], names[k], ic.c->ops, family, options, r);
    records.push_back(std::move(r));
  }
  if (options.check_invariants && (!ic.c->invariants.empty() || !ic.c->truth.empty())) {
    InvariantChecker invariants(*ic.c, family, DiffOptionsFor(options, true));
    const std::vector<const TruthKind*> kinds = family != nullptr ? family->truth_kinds() : std::vector<const TruthKind*>();
    for (size_t k = 0; k < names.size(); ++k) {
      if (!first[k].observations) continue;  // failures are reported by the records above
      Record r = NewRecord(ic, names[k], names[k]);
      InvariantResult inv = invariants.Check(*first[k].observations);
      r.diffs = std::move(inv.violations);
      r.fields_compared = inv.checks;
      for (const TruthKind* kind : kinds) {
        auto entries = ic.c->truth.find(kind->case_member());
        if (entries == ic.c->truth.end()) continue;
        TruthCheck check = kind->Check(*ic.c, entries->second, *first[k].observations, options.truth_settings);
        for (auto& d : check.outliers) r.diffs.push_back(std::move(d));
        r.fields_compared += check.checks;
        if (check.samples != nullptr && check.samples->size() > 0)
          r.truth_samples[kind->record_member()] = std::move(check.samples);
      }
      r.verdict = r.diffs.empty() ? Verdict::kEqual : Verdict::kDiffers;
      if (options.known_differences != nullptr) ApplyKnownDifferences(*options.known_differences, r);
      records.push_back(std::move(r));
    }
  }
  if (ic.c->cross) {
    for (size_t w = 0; w < names.size(); ++w) {
      const StageOutcome& own = cross[w][w];
      // No cross stage ran for this writer: it threw before writing its images.
      if (!own.observations && own.failure.empty() && !own.unsupported) continue;
      for (size_t k = 0; k < names.size(); ++k) {
        if (k == w) continue;
        Record r = NewRecord(ic, names[w], names[k]);
        r.writer = names[w];
        Compare(cross[w][w], cross[w][k], names[w], names[k], ic.c->cross->ops, family, options, r);
        records.push_back(std::move(r));
      }
    }
  }
  return records;
}

std::vector<Record> BuildBatchRecords(const std::vector<IndexedCase>& batch, const std::vector<std::string>& engine_names,
                                      const BatchOutcome& outcome, const RunOptions& options) {
  std::vector<Record> records;
  for (size_t i = 0; i < batch.size(); ++i) {
    std::vector<Record> own = BuildRecords(batch[i], engine_names, outcome.first[i], outcome.cross[i], options);
    records.insert(records.end(), std::make_move_iterator(own.begin()), std::make_move_iterator(own.end()));
  }
  return records;
}

}  // namespace dsconform
