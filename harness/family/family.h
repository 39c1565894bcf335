#ifndef DSCONFORM_HARNESS_FAMILY_FAMILY_H_
#define DSCONFORM_HARNESS_FAMILY_FAMILY_H_

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "harness/case/case_program.h"
#include "harness/engine/observation.h"
#include "harness/family/step_vocabulary.h"

namespace dsconform {

class TruthKind;  // harness/truth/truth_kind.h

// How large a slice of a suite to generate: the default test run uses kSmoke,
// CI-gating runs kReduced, qualification runs kFull.
enum class SuiteScale { kSmoke, kReduced, kFull };

// Makes one case of a suite; callable on any thread, any number of times.
using CaseRecipe = std::function<Case()>;

// A generator of cases for one family and one concern ("hll.unions").
class Suite {
 public:
  virtual ~Suite() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  // Deterministic: the same scale gives the same cases in the same order.
  virtual std::vector<Case> Generate(SuiteScale scale) const = 0;
  // The same cases as recipes, in that order, where a suite can make them one at a time (accuracy
  // trials: thousands of steps each, the costliest part of a run's generation): a run makes,
  // checks and packs them on every core, without holding them all. Empty (the default) where a
  // suite makes its cases only together. RecipeSuite (recipe_suite.h) derives Generate from them.
  virtual std::vector<CaseRecipe> Recipes(SuiteScale /*scale*/) const { return {}; }
};

// A named piece of a serialized image, decoded from the published format.
struct DecodedField {
  std::string name;   // e.g. curMin, flags.OUT_OF_ORDER, register[17]
  uint32_t offset = 0;
  uint32_t size = 0;
  std::string value;  // for people: "7", "131328.0", "HLL_4"
};

// Everything the harness knows about one sketch family. Adding a family is a
// folder under sketches/ implementing this and its name in sketches/CMakeLists.txt
// (docs/adding.md).
class Family {
 public:
  virtual ~Family() = default;
  virtual std::string name() const = 0;
  // The family's steps, stated once as data (sketches/<family>/<family>_steps.json):
  // case validation, the step tables of docs/case-format.md and the steps an
  // engine declares are held against it.
  virtual const StepVocabulary& vocabulary() const = 0;
  // A rule of the family's steps that its vocabulary cannot state, checked
  // after it; `slot_kinds` maps each slot that exists before this step to its
  // kind. Messages start with the member ("ranks: ..."). Default: none.
  virtual absl::Status ValidateStep(const Op& /*op*/, const std::map<std::string, std::string>& /*slot_kinds*/) const {
    return absl::OkStatus();
  }
  virtual std::vector<const Suite*> suites() const = 0;
  // The kinds of truth its cases may carry (harness/truth/truth_kind.h): case
  // validation reads their entries with them, and each engine's self-check
  // judges its answers by them, in this order. Default: none.
  virtual std::vector<const TruthKind*> truth_kinds() const { return {}; }
  // Decodes an image into named fields; never fails (an undecodable tail is
  // reported as a field of its own).
  virtual std::vector<DecodedField> DecodeImage(std::string_view image) const = 0;
  // The decoded fields that overlap any of `ranges` (in order of their begin), without decoding
  // the rest (a 2^21-register image has millions of fields); a field that overlaps two ranges
  // may be listed twice. The differ asks for up to 65 ranges of an image at once, so that a
  // decoder that walks items of varying size walks them once (DecodeEachRange: one by one).
  virtual std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                                      const std::vector<ByteRange>& ranges) const = 0;
  // Checks a family invariant (an Invariant whose check is not "equal") on one
  // engine's values of its fields (null where the engine did not produce the
  // field). Returns the violations, one line each; empty when it holds.
  virtual std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                                  const std::vector<const Value*>& values) const = 0;
  // A self-contained program that rebuilds the case's first stage with the
  // library's public API and prints every observation as `name<TAB>value`
  // (doubles as 16 hex digits of their bits, images as hex), so a person can
  // reproduce a finding without dsconform. Empty when not available.
  virtual std::string JavaSnippet(const Case& c) const = 0;
  virtual std::string CppSnippet(const Case& c) const = 0;
  // Snapshot import (the TCK's serialization_test_data): the file name
  // prefixes of this family's .sk files ("hll4" for hll4_n1000_java.sk), and
  // the case that reads one image alone (such a file, a fuzz mutant) from the
  // input image named "image", answers the family's queries and writes it
  // again. Families that import nothing keep the default prefixes, and their
  // files are reported as skipped; one with no such case, an empty case.
  virtual std::vector<std::string> SnapshotPrefixes() const { return {}; }
  virtual Case SnapshotCase(const std::string& /*id*/, const std::string& /*image*/) const { return Case(); }
};

// DecodeImageRanges by a decoder of one range at a time (`decode(image, begin, end)`).
template <typename DecodeRange>
std::vector<DecodedField> DecodeEachRange(std::string_view image, const std::vector<ByteRange>& ranges,
                                          DecodeRange decode) {
  std::vector<DecodedField> fields;
  for (const ByteRange& r : ranges)
    for (DecodedField& f : decode(image, r.begin, r.end)) fields.push_back(std::move(f));
  return fields;
}

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_FAMILY_H_
