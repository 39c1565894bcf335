#include "reports/markup_escape.h"

#include <algorithm>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "reports/record_text.h"

namespace dsconform {
namespace {

// Length of the valid UTF-8 sequence that starts at s[i] (its code point in
// *cp), or 0 when the byte there does not start one: overlong forms,
// surrogates and code points past U+10FFFF are invalid.
size_t DecodeUtf8(absl::string_view s, size_t i, uint32_t* cp) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    *cp = b0;
    return 1;
  }
  size_t len;
  uint32_t v;
  if ((b0 & 0xE0) == 0xC0) {
    len = 2;
    v = b0 & 0x1F;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3;
    v = b0 & 0x0F;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4;
    v = b0 & 0x07;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) return 0;
    v = (v << 6) | (b & 0x3F);
  }
  static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (v < kMin[len] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
  *cp = v;
  return len;
}

}  // namespace

std::string VisibleText(absl::string_view text, bool keep_newlines) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    uint32_t cp = 0;
    const size_t len = DecodeUtf8(text, i, &cp);
    if (len == 0) {
      absl::StrAppendFormat(&out, "\\x%02x", static_cast<unsigned char>(text[i]));
      ++i;
      continue;
    }
    if (cp == '\t' || cp == '\n' || cp == '\r') {
      if (keep_newlines) out.push_back(static_cast<char>(cp));
      else out += cp == '\t' ? "\\t" : cp == '\n' ? "\\n" : "\\r";
    } else if (cp < 0x20 || cp == 0x7F) {
      absl::StrAppendFormat(&out, "\\x%02x", cp);
    } else if ((cp >= 0x80 && cp <= 0x9F) || cp == 0xFFFE || cp == 0xFFFF) {
      absl::StrAppendFormat(&out, "\\u%04x", cp);
    } else {
      out.append(text.data() + i, len);
    }
    i += len;
  }
  return out;
}

namespace {
// Text and attribute values share the escapes of &, < and >; an attribute
// also needs its quotes and the white space a parser would normalize.
std::string Escape(absl::string_view text, bool attribute) {
  const std::string visible = VisibleText(text, /*keep_newlines=*/true);
  std::string out;
  out.reserve(visible.size());
  for (char c : visible) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '\r': out += "&#13;"; break;  // parsers would turn a raw CR into LF
      case '"': out += attribute ? "&quot;" : "\""; break;
      case '\'': out += attribute ? "&#39;" : "'"; break;
      case '\t': out += attribute ? "&#9;" : "\t"; break;
      case '\n': out += attribute ? "&#10;" : "\n"; break;
      default: out.push_back(c);
    }
  }
  return out;
}
}  // namespace

std::string EscapeMarkupText(absl::string_view text) { return Escape(text, false); }
std::string EscapeMarkupAttribute(absl::string_view text) { return Escape(text, true); }

std::string MarkdownCode(absl::string_view text, size_t max, bool in_table) {
  std::string s = Truncated(VisibleText(text, /*keep_newlines=*/false), max);
  size_t longest = 0, run = 0;
  for (char c : s) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  if (in_table) {
    std::string escaped;
    for (char c : s) {
      if (c == '|') escaped += "\\|";
      else escaped.push_back(c);
    }
    s = std::move(escaped);
  }
  const std::string fence(longest + 1, '`');
  const bool pad = !s.empty() && (s.front() == '`' || s.back() == '`');
  return absl::StrCat(fence, pad ? " " : "", s, pad ? " " : "", fence);
}

}  // namespace dsconform
