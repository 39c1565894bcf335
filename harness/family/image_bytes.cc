#include "harness/family/image_bytes.h"

#include <charconv>
#include <cmath>

namespace dsconform {

std::string FormatImageDouble(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  // Plain notation where Java's Double.toString uses it, scientific elsewhere.
  const double mag = std::fabs(d);
  const bool plain = mag == 0 || (mag >= 1e-3 && mag < 1e7);
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, d, plain ? std::chars_format::fixed : std::chars_format::scientific);
  std::string s(buf, r.ptr);
  if (plain && s.find('.') == std::string::npos) s += ".0";
  return s;
}

}  // namespace dsconform
