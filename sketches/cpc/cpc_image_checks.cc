#include "sketches/cpc/cpc_image_checks.h"

#include <cstdlib>
#include <map>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "sketches/cpc/cpc_image_layout.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {
namespace {

int64_t LeadingInt(const std::string& s) { return std::strtoll(s.c_str(), nullptr, 10); }

void CheckConsistent(const std::string& name, const std::string& image, std::vector<std::string>& out) {
  std::map<std::string, std::string> h;
  for (const auto& f : DecodeCpcPreamble(image))
    if (!absl::StrContains(f.name, "Stream[")) h[f.name] = f.value;
  if (h.count("truncated") || h.count("undecoded")) {
    out.push_back(absl::StrCat(name, ": image does not decode (", h.count("truncated") ? h["truncated"] : h["undecoded"], ")"));
    return;
  }
  const bool hip = h["flags.HAS_HIP"] == "true", table = h["flags.HAS_TABLE"] == "true",
             window = h["flags.HAS_WINDOW"] == "true";
  const int lg_k = static_cast<int>(LeadingInt(h["lgK"]));
  const int64_t coupons = h.count("numCoupons") ? LeadingInt(h["numCoupons"]) : 0;
  // datasketches-cpp get_preamble_ints, Java PreambleUtil preIntDefs.
  int64_t pre_ints = 2;
  if (coupons > 0) pre_ints += 1 + (hip ? 4 : 0) + (table ? 1 + (window ? 1 : 0) : 0) + (window ? 1 : 0);
  if (LeadingInt(h["preInts"]) != pre_ints)
    out.push_back(absl::StrCat(name, ": preInts ", h["preInts"], ", its flags and numCoupons call for ", pre_ints));
  if (lg_k < 4 || lg_k > 26) {
    out.push_back(absl::StrCat(name, ": lgK ", lg_k, " is outside 4..26"));
    return;
  }
  const CpcFlavor flavor = CpcFlavorOf(lg_k, coupons);
  const char* flavor_name = CpcFlavorName(flavor);
  switch (flavor) {
    case CpcFlavor::kEmpty:
      if (table || window) out.push_back(absl::StrCat(name, ": EMPTY (numCoupons 0) but has a table or window"));
      break;
    case CpcFlavor::kSparse:
    case CpcFlavor::kHybrid:
      if (!table || window)
        out.push_back(absl::StrCat(name, ": ", flavor_name, " with ", coupons, " coupons needs a table and no window"));
      if (h["firstInterestingColumn"] != "0")
        out.push_back(absl::StrCat(name, ": ", flavor_name, " but firstInterestingColumn is ", h["firstInterestingColumn"]));
      break;
    case CpcFlavor::kPinned:
    case CpcFlavor::kSliding:
      if (!window) out.push_back(absl::StrCat(name, ": ", flavor_name, " with ", coupons, " coupons but no window"));
      break;
  }
  if (h.count("numSv") && LeadingInt(h["numSv"]) > coupons)
    out.push_back(absl::StrCat(name, ": numSv ", h["numSv"], " exceeds numCoupons ", coupons));
  if (h.count("kxp")) {
    const double kxp = std::strtod(h["kxp"].c_str(), nullptr);
    if (!(kxp > 0 && kxp <= static_cast<double>(int64_t{1} << lg_k)))
      out.push_back(absl::StrCat(name, ": kxp ", h["kxp"], " is outside (0, K]"));
  }
}

}  // namespace

std::vector<std::string> CheckCpcInvariant(const Invariant& invariant, const std::vector<const Value*>& values) {
  std::vector<std::string> out;
  if (invariant.check != "cpc_image_consistent") {
    out.push_back(absl::StrCat("unknown CPC check '", invariant.check, "'"));
    return out;
  }
  for (size_t i = 0; i < values.size() && i < invariant.fields.size(); ++i) {
    const Value* v = values[i];
    if (v == nullptr || v->kind != Value::Kind::kBytes) continue;
    CheckConsistent(invariant.fields[i], v->bytes, out);
  }
  return out;
}

}  // namespace dsconform
