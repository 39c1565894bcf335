#include "reports/known_record_values.h"

#include <utility>

namespace dsconform {
namespace {

// A value's kind and bits, without its text.
Value KindOnly(const Value& v) {
  Value out;
  out.kind = v.kind;
  out.bits = v.bits;
  return out;
}

}  // namespace

void DropKnownRecordValues(Record& r) {
  if (r.verdict != Verdict::kKnown) return;
  for (FieldDiff& d : r.diffs) {
    d.reference = KindOnly(d.reference);
    d.candidate = KindOnly(d.candidate);
    std::vector<ByteRange>().swap(d.ranges);
    for (DecodedDiff& x : d.decoded) {
      std::string().swap(x.reference);
      std::string().swap(x.candidate);
    }
  }
}

}  // namespace dsconform
