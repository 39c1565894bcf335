#include "harness/diff/invariant_checker.h"

#include <optional>

#include "absl/strings/str_cat.h"
#include "harness/engine/field_index.h"

namespace dsconform {
namespace {

// Lookups a check does by walking a stage's fields before it indexes them (FieldIndex): an index
// costs a hash per field, a walk a comparison per field per lookup.
constexpr size_t kWalkedLookups = 4;

// Values a check gives the same answer on. Errors never qualify: a violation
// carries both values whole, stack included, and stacks differ by engine.
bool Identical(const Value* a, const Value* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return a->kind == b->kind && a->kind != Value::Kind::kError && a->bits == b->bits && a->bytes == b->bytes;
}

bool AllIdentical(const std::vector<const Value*>& a, const std::vector<const Value*>& b) {
  for (size_t i = 0; i < a.size(); ++i)
    if (!Identical(a[i], b[i])) return false;
  return true;
}

}  // namespace

InvariantChecker::InvariantChecker(const Case& c, const Family* family, const DiffOptions& options)
    : case_(c), family_(family), options_(options), earlier_(c.invariants.size()) {}

InvariantResult InvariantChecker::Check(const Observations& obs) {
  InvariantResult result;
  size_t lookups = 0;
  for (const Invariant& inv : case_.invariants) lookups += inv.fields.size();
  // A few lookups walk the fields; more index them once.
  std::optional<FieldIndex> index;
  if (lookups > kWalkedLookups) index.emplace(obs);
  for (size_t i = 0; i < case_.invariants.size(); ++i) {
    const Invariant& inv = case_.invariants[i];
    std::vector<const Value*> values;
    for (const auto& name : inv.fields) values.push_back(index ? index->Find(name) : obs.Find(name));
    const Checked* done = nullptr;
    for (const Checked& e : earlier_[i])
      if (AllIdentical(e.values, values)) done = &e;
    if (done == nullptr) {
      earlier_[i].push_back(CheckOne(inv, std::move(values)));
      done = &earlier_[i].back();
    }
    result.checks += done->checks;
    result.violations.insert(result.violations.end(), done->violations.begin(), done->violations.end());
  }
  return result;
}

InvariantChecker::Checked InvariantChecker::CheckOne(const Invariant& inv, std::vector<const Value*> values) const {
  Checked out;
  out.values = std::move(values);
  const auto& v = out.values;
  if (inv.check == "equal") {
    const Value* first = v.empty() ? nullptr : v[0];
    if (first == nullptr || first->kind == Value::Kind::kUnsupported) return out;
    for (size_t i = 1; i < v.size(); ++i) {
      if (v[i] == nullptr || v[i]->kind == Value::Kind::kUnsupported) continue;
      ++out.checks;
      if (!ValuesEqual(*first, *v[i], options_))
        out.violations.push_back(MakeFieldDiff(absl::StrCat("equal: ", inv.fields[i], " vs ", inv.fields[0]), *first,
                                               *v[i], family_, options_));
    }
    return out;
  }
  if (inv.check == "matches_input") {
    // fields: an image the engine wrote, and the input image it must equal.
    const auto input = inv.fields.size() == 2 ? case_.inputs.find(inv.fields[1]) : case_.inputs.end();
    if (v.empty() || v[0] == nullptr || v[0]->kind == Value::Kind::kUnsupported || input == case_.inputs.end())
      return out;
    ++out.checks;
    const Value given = Value::Bytes(input->second);
    if (!ValuesEqual(given, *v[0], options_))
      out.violations.push_back(MakeFieldDiff(absl::StrCat("matches_input: ", inv.fields[0], " vs ", inv.fields[1]),
                                             given, *v[0], family_, options_));
    return out;
  }
  if (family_ == nullptr) return out;
  ++out.checks;
  for (const std::string& line : family_->CheckInvariant(inv, v)) {
    FieldDiff d;
    d.field = absl::StrCat(inv.check, ": ", line.substr(0, line.find(':')));
    d.missing_in_reference = true;
    d.candidate = Value::String(line);
    out.violations.push_back(std::move(d));
  }
  return out;
}

}  // namespace dsconform
