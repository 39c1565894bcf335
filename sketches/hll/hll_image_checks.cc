#include "sketches/hll/hll_image_checks.h"

#include <cstdlib>
#include <limits>
#include <map>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "sketches/hll/hll_image_layout.h"

namespace dsconform {
namespace {

constexpr int kAuxToken = 15;

int64_t LeadingInt(const std::string& s) { return std::strtoll(s.c_str(), nullptr, 10); }

std::map<std::string, std::string> ByName(const std::vector<DecodedField>& fields) {
  std::map<std::string, std::string> m;
  for (const auto& f : fields)
    if (!absl::StartsWith(f.name, "register[") && !absl::StartsWith(f.name, "aux[")) m[f.name] = f.value;
  return m;
}

// The registers' true values: HLL_4 nibbles are offsets from curMin, with
// the aux table holding the registers whose nibble is the aux token.
std::vector<int64_t> RegisterValues(const std::vector<DecodedField>& fields, bool hll4, int64_t cur_min) {
  std::map<int64_t, int64_t> aux;
  for (const auto& f : fields) {
    if (!absl::StartsWith(f.name, "aux[") || f.value == "EMPTY") continue;
    int64_t slot = 0, value = 0;
    if (std::sscanf(f.value.c_str(), "slot %ld value %ld", &slot, &value) == 2) aux[slot] = value;
  }
  std::vector<int64_t> out;
  for (const auto& f : fields) {
    if (!absl::StartsWith(f.name, "register[")) continue;
    int64_t v = LeadingInt(f.value);
    if (hll4) {
      const size_t nib = f.value.find("(nibble ");
      const int64_t nibble = nib == std::string::npos ? v : LeadingInt(f.value.substr(nib + 8));
      const int64_t slot = LeadingInt(f.name.substr(9));
      v = nibble == kAuxToken && aux.count(slot) ? aux[slot] : cur_min + nibble;
    }
    out.push_back(v);
  }
  return out;
}

void CheckConsistent(const std::string& name, const std::string& image, std::vector<std::string>& out) {
  const auto fields = DecodeHllImage(image);
  auto h = ByName(fields);
  if (h.count("truncated") || h.count("undecoded")) {
    out.push_back(absl::StrCat(name, ": image does not decode (", h.count("truncated") ? h["truncated"] : h["undecoded"], ")"));
    return;
  }
  if (h["mode.curMode"] != "HLL") return;
  if (h["flags.OUT_OF_ORDER"] == "true" && h["hipAccum"] != "0.0")
    out.push_back(absl::StrCat(name, ": out-of-order flag set but hipAccum is ", h["hipAccum"], ", not 0"));
  const bool hll4 = h["mode.tgtType"] == "HLL_4";
  const int64_t cur_min = LeadingInt(h["curMin"]);
  const std::vector<int64_t> regs = RegisterValues(fields, hll4, cur_min);
  if (regs.empty()) return;
  int64_t min = std::numeric_limits<int64_t>::max(), at_min = 0;
  for (int64_t v : regs) {
    if (v < min) {
      min = v;
      at_min = 0;
    }
    if (v == min) ++at_min;
  }
  if (!hll4) {  // HLL_6 and HLL_8 keep curMin at 0 and count the zero registers
    at_min = min == 0 ? at_min : 0;
    min = 0;
  }
  const int64_t stored_num = LeadingInt(h["numAtCurMin"]);
  if (cur_min != min || stored_num != at_min)
    out.push_back(absl::StrCat(name, ": stores curMin ", cur_min, " numAtCurMin ", stored_num,
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
