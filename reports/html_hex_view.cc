#include "reports/html_hex_view.h"

#include <algorithm>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "reports/markup_escape.h"
#include "reports/record_text.h"

namespace dsconform {
namespace {

constexpr size_t kRowBytes = 16;

bool ByteDiffers(const std::string& a, const std::string& b, size_t i) {
  if (i >= a.size() || i >= b.size()) return true;  // one side only
  return a[i] != b[i];
}

size_t FieldEnd(const DecodedDiff& d) { return static_cast<size_t>(d.offset) + std::max<uint32_t>(d.size, 1); }

// The decoded fields whose bytes include `i`, as a title for a marked byte.
std::string FieldsAt(const std::vector<DecodedDiff>& decoded, size_t i) {
  std::string names;
  for (const auto& d : decoded)
    if (d.offset <= i && i < FieldEnd(d)) absl::StrAppend(&names, names.empty() ? "" : ", ", d.field);
  return names;
}

// One side of one row: 16 hex bytes, a wider gap after the eighth.
std::string HexCells(const std::string& mine, const std::string& other, size_t row_begin,
                     const std::vector<DecodedDiff>& decoded) {
  std::string out;
  for (size_t i = row_begin; i < row_begin + kRowBytes; ++i) {
    if (i > row_begin) out += i - row_begin == 8 ? "  " : " ";
    if (i >= mine.size()) {
      out += "  ";
      continue;
    }
    const std::string hex = absl::StrFormat("%02x", static_cast<unsigned char>(mine[i]));
    if (!ByteDiffers(mine, other, i)) {
      out += hex;
      continue;
    }
    const std::string title = FieldsAt(decoded, i);
    absl::StrAppend(&out, "<span class=\"diff\"", title.empty() ? "" : absl::StrCat(" title=\"", EscapeMarkupAttribute(title), "\""),
                    ">", hex, "</span>");
  }
  return out;
}

}  // namespace

std::string RenderHexView(const std::string& reference, const std::string& candidate,
                          const std::vector<DecodedDiff>& decoded, const HexViewOptions& o) {
  const size_t size = std::max(reference.size(), candidate.size());
  const size_t rows = (size + kRowBytes - 1) / kRowBytes;

  // Rows worth showing: the first (the preamble), differing ones, decoded
  // fields', and their context.
  std::vector<bool> interesting(rows, false);
  if (rows > 0) interesting[0] = true;
  for (size_t i = 0; i < size; ++i)
    if (ByteDiffers(reference, candidate, i)) interesting[i / kRowBytes] = true;
  for (const auto& d : decoded)
    for (size_t r = d.offset / kRowBytes; r < rows && r * kRowBytes < FieldEnd(d); ++r) interesting[r] = true;
  std::vector<bool> shown(rows, false);
  for (size_t r = 0; r < rows; ++r) {
    if (!interesting[r]) continue;
    const size_t from = r >= static_cast<size_t>(o.context_rows) ? r - o.context_rows : 0;
    for (size_t k = from; k < rows && k <= r + o.context_rows; ++k) shown[k] = true;
  }

  std::string out = absl::StrCat("<table class=\"hex\"><thead><tr><th>offset</th><th>reference (", reference.size(),
                                 " bytes)</th><th>candidate (", candidate.size(),
                                 " bytes)</th><th>decoded fields</th></tr></thead><tbody>\n");
  int rendered = 0;
  size_t hidden_shown_rows = 0, skipped = 0;
  for (size_t r = 0; r < rows; ++r) {
    if (!shown[r]) {
      ++skipped;
      continue;
    }
    if (rendered == o.max_rows) {
      hidden_shown_rows = static_cast<size_t>(std::count(shown.begin() + r, shown.end(), true));
      skipped = 0;
      break;
    }
    if (skipped > 0) absl::StrAppend(&out, "<tr class=\"gap\"><td colspan=\"4\">⋯ ", skipped, " rows not shown</td></tr>\n");
    skipped = 0;
    const size_t begin = r * kRowBytes;
    std::string fields;
    for (const auto& d : decoded) {
      if (FieldEnd(d) <= begin || d.offset >= begin + kRowBytes) continue;
      // The full text where the field starts; its name alone on later rows.
      const bool starts_here = d.offset >= begin;
      absl::StrAppend(&fields, fields.empty() ? "" : "<br>",
                      EscapeMarkupText(starts_here ? absl::StrCat(DecodedDiffText(d), " @", d.offset, "+", d.size)
                                                   : absl::StrCat("↳ ", d.field)));
    }
    absl::StrAppend(&out, "<tr><td class=\"off\">", absl::StrFormat("%08x", begin), "</td><td class=\"bytes\">",
                    HexCells(reference, candidate, begin, decoded), "</td><td class=\"bytes\">",
                    HexCells(candidate, reference, begin, decoded), "</td><td class=\"dec\">", fields, "</td></tr>\n");
    ++rendered;
  }
  if (skipped > 0) absl::StrAppend(&out, "<tr class=\"gap\"><td colspan=\"4\">⋯ ", skipped, " rows not shown</td></tr>\n");
  if (hidden_shown_rows > 0)
    absl::StrAppend(&out, "<tr class=\"gap\"><td colspan=\"4\">⋯ ", hidden_shown_rows,
                    " more rows with differences left out (see records.jsonl for the whole images)</td></tr>\n");
  out += "</tbody></table>\n";
  return out;
}

}  // namespace dsconform
