#include "sketches/hll/hll_image_checks.h"

#include <cstdint>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "harness/family/image_bytes.h"
#include "sketches/hll/hll_image_layout.h"

namespace dsconform {
namespace {

void CheckConsistent(const std::string& name, const std::string& image, std::vector<std::string>& out) {
  const HllRegisterValues h = ReadHllRegisterValues(image);
  if (!h.problem.empty()) {
    out.push_back(absl::StrCat(name, ": image does not decode (", h.problem, ")"));
    return;
  }
  if (!h.hll_mode) return;
  if (h.out_of_order && FormatImageDouble(h.hip_accum) != "0.0")
    out.push_back(absl::StrCat(name, ": out-of-order flag set but hipAccum is ", FormatImageDouble(h.hip_accum), ", not 0"));
  if (h.registers.empty()) return;
  // A count per value, then the smallest value present: no branch per register (2^21 of them).
  int64_t counts[256] = {};
  for (uint8_t v : h.registers) ++counts[v];
  int64_t min = 0;
  while (counts[min] == 0) ++min;
  int64_t at_min = counts[min];
  if (!h.hll4) {  // HLL_6 and HLL_8 keep curMin at 0 and count the zero registers
    at_min = min == 0 ? at_min : 0;
    min = 0;
  }
  if (h.cur_min != min || h.num_at_cur_min != at_min)
    out.push_back(absl::StrCat(name, ": stores curMin ", h.cur_min, " numAtCurMin ", h.num_at_cur_min,
                               ", its registers give curMin ", min, " numAtCurMin ", at_min));
}

}  // namespace

std::vector<std::string> CheckHllInvariant(const Invariant& invariant, const std::vector<const Value*>& values) {
  std::vector<std::string> out;
  for (size_t i = 0; i < values.size() && i < invariant.fields.size(); ++i) {
    const Value* v = values[i];
    if (v == nullptr || v->kind != Value::Kind::kBytes) continue;
    const std::string& name = invariant.fields[i];
    if (invariant.check == "hll_image_consistent") {
      CheckConsistent(name, v->bytes, out);
    } else if (invariant.check == "hll_compact_flag") {
      const bool want = absl::EndsWith(name, ".compact");
      if (!want && !absl::EndsWith(name, ".updatable")) continue;
      for (const auto& f : DecodeHllImageRange(v->bytes, 5, 6)) {
        if (f.name == "flags.COMPACT" && (f.value == "true") != want)
          out.push_back(absl::StrCat(name, ": COMPACT flag is ", f.value, " in an image serialized as ",
                                     want ? "compact" : "updatable"));
      }
    } else {
      out.push_back(absl::StrCat(name, ": unknown HLL check '", invariant.check, "'"));
      break;
    }
  }
  return out;
}

}  // namespace dsconform
