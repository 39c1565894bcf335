#include "harness/family/snippet_language.h"

#include <cmath>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace dsconform {

std::string IndentLines(const std::string& text, int spaces) {
  std::string out;
  const std::string pad(spaces, ' ');
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (!line.empty()) absl::StrAppend(&out, pad, line);
    out += '\n';
  }
  if (!out.empty()) out.pop_back();  // StrSplit yields one more piece than there are newlines
  return out;
}

std::string FloatingLiteral(const std::string& text) {
  return text.find_first_of(".eE") == std::string::npos ? text + ".0" : text;
}

bool IsPlainDecimal(const std::string& text) {
  size_t i = 0;
  auto digits = [&] {
    const size_t from = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return i > from;
  };
  if (i < text.size() && text[i] == '-') ++i;
  if (!digits()) return false;
  if (i < text.size() && text[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (!digits()) return false;
  }
  if (i != text.size()) return false;
  // A literal out of range does not compile (Java) where the parse call gives infinity or zero.
  const double v = std::strtod(text.c_str(), nullptr);
  const bool zero_mantissa = text.substr(0, text.find_first_of("eE")).find_first_of("123456789") == std::string::npos;
  return std::isfinite(v) && (v != 0 || zero_mantissa);
}

}  // namespace dsconform
