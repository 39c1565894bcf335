#include "harness/diff/differ.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <string_view>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/numbers.h"
#include "harness/diff/breakdown.h"

namespace dsconform {
namespace {

uint64_t Word(const std::string& s, size_t i) {
  uint64_t w;
  std::memcpy(&w, s.data() + i, 8);
  return w;
}

// The first `keep` ranges where a and b differ, and in `total` how many there are: two unordered
// Theta images of one set differ in some 464,000 ranges, of which a record lists 64.
std::vector<ByteRange> DifferingRanges(const std::string& a, const std::string& b, size_t keep, size_t* total) {
  std::vector<ByteRange> ranges;
  *total = 0;
  const auto add = [&](size_t begin, size_t end) {
    if (ranges.size() < keep) ranges.push_back({static_cast<uint32_t>(begin), static_cast<uint32_t>(end)});
    ++*total;
  };
  const size_t common = std::min(a.size(), b.size());
  size_t i = 0;
  while (i < common) {
    // Equal stretches (most of a 2 MiB image) are skipped a block, then a word at a time: memcmp
    // called per word cost the run more than the whole comparison otherwise.
    constexpr size_t kBlock = 256;
    while (i + kBlock <= common && std::memcmp(a.data() + i, b.data() + i, kBlock) == 0) i += kBlock;
    while (i + 8 <= common && Word(a, i) == Word(b, i)) i += 8;
    while (i < common && a[i] == b[i]) ++i;
    if (i >= common) break;
    size_t j = i;
    while (j < common && a[j] != b[j]) ++j;
    add(i, j);
    i = j;
  }
  if (a.size() != b.size()) add(common, std::max(a.size(), b.size()));
  return ranges;
}

// Pairs the decoded fields of both images by name and keeps the ones whose
// values differ, in the reference image's order.
std::vector<DecodedDiff> DecodedDifferences(const std::string& a, const std::string& b,
                                            const std::vector<ByteRange>& ranges, const Family& family, size_t limit) {
  // Decode only around the differing bytes, and the header always (a field
  // there may explain the rest, e.g. another mode or lgK).
  // Images of one length share their layout, and every differing byte lies in
  // a differing field of at most 8 bytes: the first limit * 8 differing bytes
  // give the `limit` fields listed, so a union whose registers differ
  // throughout is not decoded whole. Images of different lengths are decoded
  // over their whole differing ranges, where a field's counterpart may lie
  // (a compressed Theta image's entry[i] is far from the same entry of an
  // uncompressed one).
  std::vector<ByteRange> spans = {{0, 40}};
  uint64_t budget = a.size() == b.size() ? uint64_t{limit} * 8 : std::numeric_limits<uint64_t>::max();
  for (const auto& r : ranges) {
    if (spans.size() > limit || budget == 0) break;
    const uint64_t taken = std::min<uint64_t>(budget, r.end - r.begin);
    spans.push_back({r.begin, static_cast<uint32_t>(r.begin + taken)});
    budget -= taken;
  }
  // Every range of an image in one call: a decoder of items of varying size walks them once.
  const std::vector<DecodedField> fa = family.DecodeImageRanges(a, spans);
  const std::vector<DecodedField> fb = family.DecodeImageRanges(b, spans);
  // Hash maps over the names in fa and fb (which no longer change): an ordered map of string
  // copies took a third of the differ's time.
  absl::flat_hash_map<std::string_view, const DecodedField*> by_name;
  by_name.reserve(fb.size());
  for (const auto& f : fb) by_name.emplace(f.name, &f);
  absl::flat_hash_set<std::string_view> done;
  done.reserve(fa.size() + fb.size());
  std::vector<DecodedDiff> out;
  auto add = [&](DecodedDiff d) {
    if (out.size() < limit) out.push_back(std::move(d));
  };
  for (const auto& f : fa) {
    if (!done.insert(f.name).second) continue;  // spans may overlap
    auto it = by_name.find(f.name);
    if (it == by_name.end()) {
      add({f.name, f.value, "", f.offset, f.size});
    } else {
      if (it->second->value != f.value) add({f.name, f.value, it->second->value, f.offset, f.size});
      by_name.erase(it);
    }
  }
  for (const auto& f : fb)
    if (by_name.contains(f.name) && done.insert(f.name).second) add({f.name, "", f.value, f.offset, f.size});
  return out;
}

// A step an engine cannot do leaves a field "<slot>.<step>" marked unsupported
// and the slot unusable; later fields of that slot are unsupported, not missing.
std::string SlotOf(const std::string& field) { return field.substr(0, field.find('.')); }

// Fields named "lang.<...>" are compared between engines of one language only
// (docs/case-format.md): what depends on a library's own random bits or is
// its own text, e.g. a KLL image after compactions. An engine that says it
// drew random bits the case could not pin (kOwnRandomBitsField) takes all its
// lang. fields out of the comparison.
bool LanguageSpecific(const std::string& field) { return field.rfind("lang.", 0) == 0; }

bool DrewOwnRandomBits(const Observations& obs) { return obs.Find(kOwnRandomBitsField) != nullptr; }

// The step that threw `field` when it is an error@op<i> and the steps are known; else null.
const Op* StepThatThrew(const std::string& field, const DiffOptions& options) {
  size_t i = 0;
  if (options.steps == nullptr || field.rfind("error@op", 0) != 0 || !absl::SimpleAtoi(field.substr(8), &i) ||
      i >= options.steps->size())
    return nullptr;
  return &(*options.steps)[i];
}

// Whether `field` is an error@op<i> thrown by a step whose answer is a lang. field (its `as`): the
// step answers from language-specific state, so what it throws is language-specific too (python
// writes its own random sample of strings outside Latin-1 only sometimes: VO7).
bool ThrownAtALanguageStep(const std::string& field, const DiffOptions& options) {
  const Op* step = StepThatThrew(field, options);
  return step != nullptr && LanguageSpecific(step->Str("as"));
}

std::map<std::string, bool> UnsupportedSlots(const Observations& obs) {
  std::map<std::string, bool> slots;
  for (const auto& f : obs.fields)
    if (f.value.kind == Value::Kind::kUnsupported) slots[SlotOf(f.name)] = true;
  return slots;
}

// Whether `field` is an error@op<i> thrown at a step that `other` answered
// unsupported, or at a step on a slot that an earlier step left unsupported
// in `other` (it could not make the slot, so the step never ran there)
// (DiffOptions::steps).
bool ThrewWhereTheOtherCannot(const std::string& field, const Observations& other, const DiffOptions& options) {
  const Op* step = StepThatThrew(field, options);
  if (step == nullptr) return false;
  const Value* answer = other.Find(step->sketch + "." + step->op);
  if (answer != nullptr && answer->kind == Value::Kind::kUnsupported) return true;
  if (step->sketch.empty()) return false;
  for (const Op* earlier_step = options.steps->data(); earlier_step != step; ++earlier_step) {
    const Op& before = *earlier_step;
    if (before.sketch != step->sketch) continue;
    const Value* earlier = other.Find(before.sketch + "." + before.op);
    if (earlier != nullptr && earlier->kind == Value::Kind::kUnsupported) return true;
  }
  return false;
}

// The value a difference keeps (DiffOptions::max_image_bytes).
Value Kept(const Value& v, const DiffOptions& options) {
  if (options.max_image_bytes >= 0 && v.kind == Value::Kind::kBytes &&
      v.bytes.size() > static_cast<uint64_t>(options.max_image_bytes))
    return Value::Omitted(v.bytes);
  return v;
}

}  // namespace

bool ValuesEqual(const Value& a, const Value& b, const DiffOptions& options) {
  if (a.kind == Value::Kind::kDigest || b.kind == Value::Kind::kDigest) return a.SameImage(b);
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Value::Kind::kBytes:
    case Value::Kind::kString:
      return a.bytes == b.bytes;
    case Value::Kind::kDouble:
    case Value::Kind::kInt:
    case Value::Kind::kBool:
      return a.bits == b.bits;
    case Value::Kind::kError:
      if (options.same_language) return a.error_class == b.error_class && a.bytes == b.bytes;
      return IsBreakdown(a) == IsBreakdown(b);
    case Value::Kind::kUnsupported:
      return true;
    case Value::Kind::kDigest:
      break;  // handled above
    case Value::Kind::kOmitted:
      break;  // only records hold these, after the comparison
  }
  return false;
}

FieldDiff MakeFieldDiff(const std::string& field, const Value& reference, const Value& candidate, const Family* family,
                        const DiffOptions& options) {
  FieldDiff d;
  d.field = field;
  d.reference = Kept(reference, options);
  d.candidate = Kept(candidate, options);
  if (reference.kind == Value::Kind::kBytes && candidate.kind == Value::Kind::kBytes) {
    // The decoder reads at most max_decoded + 1 of the ranges, the record lists max_ranges.
    size_t total = 0;
    d.ranges = DifferingRanges(reference.bytes, candidate.bytes,
                               std::max(options.max_ranges, options.max_decoded + 1), &total);
    if (family != nullptr)
      d.decoded = DecodedDifferences(reference.bytes, candidate.bytes, d.ranges, *family, options.max_decoded);
    if (total > options.max_ranges) {
      d.ranges_total = total;
      d.ranges.resize(options.max_ranges);
      d.ranges.shrink_to_fit();  // records may wait for the journal: the ranges left out take no memory
    }
  }
  return d;
}

DiffResult DiffObservations(const Observations& reference, const Observations& candidate, const Family* family,
                            const DiffOptions& options) {
  DiffResult result;
  const auto ref_unsupported = UnsupportedSlots(reference);
  const auto cand_unsupported = UnsupportedSlots(candidate);
  const bool compare_lang = options.same_language && !DrewOwnRandomBits(reference) && !DrewOwnRandomBits(candidate);
  // Keyed by views of the candidate's own names (it outlives the map); the first of a repeated name.
  absl::flat_hash_map<std::string_view, const Value*> cand;
  cand.reserve(candidate.fields.size());
  for (const auto& f : candidate.fields) cand.emplace(f.name, &f.value);
  for (const auto& f : reference.fields) {
    auto it = cand.find(f.name);
    if (!compare_lang && (LanguageSpecific(f.name) || ThrownAtALanguageStep(f.name, options))) {
      if (it != cand.end()) cand.erase(it);
      ++result.fields_unsupported;
      ++result.fields_language_specific;
      continue;
    }
    if (it == cand.end() && (f.value.kind == Value::Kind::kUnsupported || cand_unsupported.count(SlotOf(f.name)) ||
                             ThrewWhereTheOtherCannot(f.name, candidate, options))) {
      ++result.fields_unsupported;
      continue;
    }
    if (it == cand.end()) {
      FieldDiff d;
      d.field = f.name;
      d.reference = Kept(f.value, options);
      d.missing_in_candidate = true;
      result.diffs.push_back(std::move(d));
      ++result.fields_compared;
      continue;
    }
    const Value& c = *it->second;
    cand.erase(it);
    if (c.kind == Value::Kind::kUnsupported || f.value.kind == Value::Kind::kUnsupported) {
      ++result.fields_unsupported;
      continue;
    }
    ++result.fields_compared;
    if (!ValuesEqual(f.value, c, options)) result.diffs.push_back(MakeFieldDiff(f.name, f.value, c, family, options));
  }
  // Fields only the candidate produced, in its order.
  for (const auto& f : candidate.fields) {
    if (!cand.count(f.name)) continue;
    if (!compare_lang && (LanguageSpecific(f.name) || ThrownAtALanguageStep(f.name, options))) {
      ++result.fields_unsupported;
      ++result.fields_language_specific;
      continue;
    }
    if (f.value.kind == Value::Kind::kUnsupported || ref_unsupported.count(SlotOf(f.name)) ||
        ThrewWhereTheOtherCannot(f.name, reference, options)) {
      ++result.fields_unsupported;
      continue;
    }
    FieldDiff d;
    d.field = f.name;
    d.candidate = Kept(f.value, options);
    d.missing_in_reference = true;
    result.diffs.push_back(std::move(d));
    ++result.fields_compared;
  }
  return result;
}

}  // namespace dsconform
