#include "harness/gate/gate_analysis.h"

#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/diff/differ.h"

namespace dsconform {
namespace {

using MaybeValue = std::optional<Value>;
using DiffsByField = std::map<std::string, const FieldDiff*>;

DiffsByField ByField(const Record* r) {
  DiffsByField out;
  if (r != nullptr)
    for (const FieldDiff& d : r->diffs) out[d.field] = &d;
  return out;
}

MaybeValue ReferenceSide(const FieldDiff& d) {
  return d.missing_in_reference ? MaybeValue() : MaybeValue(d.reference);
}
MaybeValue CandidateSide(const FieldDiff& d) {
  return d.missing_in_candidate ? MaybeValue() : MaybeValue(d.candidate);
}

// Across revisions and languages "both threw" is agreement, as in any record.
bool Same(const MaybeValue& a, const MaybeValue& b) {
  if (!a || !b) return !a && !b;
  return ValuesEqual(*a, *b, DiffOptions{});
}

// A record that compared nothing: the candidate could not run the case, or an engine failed.
bool ComparedNothing(const Record& r) { return r.verdict == Verdict::kError || r.verdict == Verdict::kUnsupported; }

std::string Reads(const std::string& reader, const std::string& writer) {
  return absl::StrCat(reader, " reads ", writer, "'s images");
}

std::set<std::string> Fields(const DiffsByField& a, const DiffsByField& b) {
  std::set<std::string> out;
  for (const auto& [f, d] : a) out.insert(f);
  for (const auto& [f, d] : b) out.insert(f);
  return out;
}

}  // namespace

const char* GateChangeKindName(GateChangeKind kind) {
  switch (kind) {
    case GateChangeKind::kHeadDiffers:
      return "head_differs";
    case GateChangeKind::kNewDifference:
      return "new_difference";
    case GateChangeKind::kGoneDifference:
      return "gone_difference";
  }
  return "?";
}

bool GateResult::HeadChanges() const {
  for (const auto& [kind, tally] : tallies)
    if (tally.changes > 0) return true;
  return false;
}

GateAnalyzer::GateAnalyzer(std::string base, std::string head, int64_t max_listed)
    : base_(std::move(base)), head_(std::move(head)), max_listed_(max_listed) {}

void GateAnalyzer::Add(GateChange change) {
  GateTally& tally = result_.tallies[change.kind];
  ++tally.changes;
  ++tally.by_family[change.family];
  GateFieldTally& field = tally.by_field[{change.stage, change.field, change.other}];
  if (field.changes++ == 0) field.first = change;
  if (tally.changes <= max_listed_) result_.listed.push_back(std::move(change));
}

void GateAnalyzer::AddCase(const std::vector<Record>& records) {
  if (records.empty()) return;
  ++result_.cases;
  result_.records += static_cast<int64_t>(records.size());
  // The case's own program: base against each candidate. Cross stages: the reader of each
  // writer's images, against the writer reading them.
  std::map<std::string, const Record*> own;
  std::map<std::pair<std::string, std::string>, const Record*> cross;  // (writer, reader)
  std::set<std::string> others;
  for (const Record& r : records) {
    if (r.reference == r.candidate) continue;  // self-checks: invariants and truth, one engine each
    if (r.writer.empty()) own[r.candidate] = &r;
    else cross[{r.writer, r.candidate}] = &r;
    for (const std::string* e : {&r.reference, &r.candidate})
      if (*e != base_ && *e != head_) others.insert(*e);
  }
  auto find = [&](const std::string& writer, const std::string& reader) -> const Record* {
    auto it = cross.find({writer, reader});
    return it == cross.end() ? nullptr : it->second;
  };

  // Whether base ran the case with some other implementation: then head not running it is a
  // change, not a case neither revision supports (a record says "unsupported" either way).
  bool base_ran = false;
  for (const auto& [engine, r] : own) base_ran = base_ran || (engine != head_ && !ComparedNothing(*r));
  const Record* head = own.count(head_) ? own[head_] : nullptr;
  if (head != nullptr) CompareHeadWithBase(*head, base_ran);
  if (const Record* r = find(base_, head_)) CompareHeadWithBase(*r, false);
  if (const Record* r = find(head_, base_)) CompareHeadWithBase(*r, false);
  for (const std::string& other : others) {
    if (own.count(other)) DeriveOwnProgram(head, *own[other]);
    CompareReaders(find(other, base_), find(other, head_), other);
    CompareWriters(find(base_, other), find(head_, other), other);
  }
}

// A record between the two revisions: every difference is a change of head's.
void GateAnalyzer::CompareHeadWithBase(const Record& r, bool base_ran) {
  const bool head_is_reference = r.reference == head_;
  GateChange c;
  c.kind = GateChangeKind::kHeadDiffers;
  c.case_id = r.case_id;
  c.family = r.family;
  c.writer = r.writer;
  if (!r.writer.empty()) c.stage = Reads(r.candidate, r.writer);
  if (r.verdict == Verdict::kUnsupported && !base_ran) return;
  if (ComparedNothing(r)) {
    c.field = "(case)";
    c.note = absl::StrCat(VerdictName(r.verdict), ": ", r.note);
    Add(std::move(c));
    return;
  }
  for (const FieldDiff& d : r.diffs) {
    GateChange one = c;
    one.field = d.field;
    one.base = head_is_reference ? CandidateSide(d) : ReferenceSide(d);
    one.head = head_is_reference ? ReferenceSide(d) : CandidateSide(d);
    one.decoded = d.decoded;
    if (head_is_reference)
      for (DecodedDiff& dd : one.decoded) std::swap(dd.reference, dd.candidate);
    Add(std::move(one));
  }
}

// The case's own program on another implementation X. The records hold base -> head and
// base -> X; a field neither lists is equal on all three, and one that only base -> X lists is a
// difference head keeps. Where head differs from base, X's value (or base's, where X agrees with
// base) says whether head now differs from X.
void GateAnalyzer::DeriveOwnProgram(const Record* head, const Record& other) {
  if (head == nullptr || ComparedNothing(*head) || ComparedNothing(other)) return;
  const DiffsByField h = ByField(head);
  const DiffsByField x = ByField(&other);
  for (const std::string& f : Fields(h, x)) {
    const bool base_differs = x.count(f) > 0;
    auto hit = h.find(f);
    if (hit == h.end()) {  // head is base here
      ++result_.unchanged_differences;
      continue;
    }
    const MaybeValue base_value = ReferenceSide(*hit->second);
    const MaybeValue head_value = CandidateSide(*hit->second);
    const MaybeValue other_value = base_differs ? CandidateSide(*x.at(f)) : base_value;
    const bool head_differs = !Same(head_value, other_value);
    if (base_differs == head_differs) {
      if (base_differs) ++result_.unchanged_differences;
      continue;
    }
    GateChange c;
    c.kind = head_differs ? GateChangeKind::kNewDifference : GateChangeKind::kGoneDifference;
    c.case_id = other.case_id;
    c.family = other.family;
    c.other = other.candidate;
    c.field = f;
    c.base = base_value;
    c.head = head_value;
    c.other_value = other_value;
    Add(std::move(c));
  }
}

// Base and head reading the images X wrote, each against X reading them: a field where their
// reads differ is a change of head's, and one only head's read lists is a new difference from X.
void GateAnalyzer::CompareReaders(const Record* via_base, const Record* via_head, const std::string& writer_other) {
  if (via_base == nullptr || via_head == nullptr) return;
  const std::string stage = Reads(head_, writer_other);
  const bool base_ran = !ComparedNothing(*via_base);
  const bool head_ran = !ComparedNothing(*via_head);
  if (base_ran != head_ran) {
    GateChange c;
    c.case_id = via_head->case_id;
    c.family = via_head->family;
    c.stage = stage;
    c.writer = writer_other;
    c.field = "(case)";
    const Record& failed = head_ran ? *via_base : *via_head;
    c.note = absl::StrCat(failed.candidate, ": ", VerdictName(failed.verdict), ": ", failed.note);
    Add(std::move(c));
  }
  if (!base_ran || !head_ran) return;
  const DiffsByField b = ByField(via_base);
  const DiffsByField h = ByField(via_head);
  for (const std::string& f : Fields(b, h)) {
    const bool base_differs = b.count(f) > 0;
    const bool head_differs = h.count(f) > 0;
    // X's own read, where a side lists no difference.
    const MaybeValue own = head_differs ? ReferenceSide(*h.at(f)) : ReferenceSide(*b.at(f));
    const MaybeValue base_value = base_differs ? CandidateSide(*b.at(f)) : own;
    const MaybeValue head_value = head_differs ? CandidateSide(*h.at(f)) : own;
    GateChange c;
    c.case_id = via_head->case_id;
    c.family = via_head->family;
    c.stage = stage;
    c.writer = writer_other;
    c.field = f;
    c.base = base_value;
    c.head = head_value;
    if (!Same(base_value, head_value)) Add(c);
    if (base_differs == head_differs) {
      ++result_.unchanged_differences;
      continue;
    }
    c.kind = head_differs ? GateChangeKind::kNewDifference : GateChangeKind::kGoneDifference;
    c.other = writer_other;
    c.other_value = own;
    Add(std::move(c));
  }
}

// X reading the images base wrote, and those head wrote, each against the writer reading them:
// what X reads differently now.
void GateAnalyzer::CompareWriters(const Record* of_base, const Record* of_head, const std::string& reader) {
  if (of_base == nullptr || of_head == nullptr || ComparedNothing(*of_base) || ComparedNothing(*of_head)) return;
  const DiffsByField b = ByField(of_base);
  const DiffsByField h = ByField(of_head);
  for (const std::string& f : Fields(b, h)) {
    const bool base_differs = b.count(f) > 0;
    const bool head_differs = h.count(f) > 0;
    if (base_differs == head_differs) {
      ++result_.unchanged_differences;
      continue;
    }
    const FieldDiff& d = head_differs ? *h.at(f) : *b.at(f);
    GateChange c;
    c.kind = head_differs ? GateChangeKind::kNewDifference : GateChangeKind::kGoneDifference;
    c.case_id = of_head->case_id;
    c.family = of_head->family;
    c.writer = head_differs ? head_ : base_;
    c.stage = Reads(reader, c.writer);
    c.other = reader;
    c.field = f;
    (head_differs ? c.head : c.base) = ReferenceSide(d);
    c.other_value = CandidateSide(d);
    Add(std::move(c));
  }
}

}  // namespace dsconform
