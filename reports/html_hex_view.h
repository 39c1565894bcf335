#ifndef DSCONFORM_REPORTS_HTML_HEX_VIEW_H_
#define DSCONFORM_REPORTS_HTML_HEX_VIEW_H_

#include <string>
#include <vector>

#include "harness/record/record.h"

namespace dsconform {

struct HexViewOptions {
  int max_rows = 64;      // rows shown per image pair; the rest are counted
  int context_rows = 1;   // equal rows shown around a differing row
};

// An HTML table of two byte images side by side, 16 bytes a row with their
// offsets: bytes that differ (or exist on one side only) are wrapped in
// <span class="diff">, and each decoded field is named beside the rows its
// [offset, offset+size) covers. Only the first row, the differing rows, the
// rows of decoded fields and `context_rows` around them are shown, so a
// 2 MiB image costs a few rows, not 130000.
std::string RenderHexView(const std::string& reference, const std::string& candidate,
                          const std::vector<DecodedDiff>& decoded, const HexViewOptions& options = {});

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_HTML_HEX_VIEW_H_
