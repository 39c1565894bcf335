#ifndef DSCONFORM_REPORTS_MARKUP_ESCAPE_H_
#define DSCONFORM_REPORTS_MARKUP_ESCAPE_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"

namespace dsconform {

// Case ids, values and exception messages are untrusted text: they may hold
// bytes that are not UTF-8, control characters, '<' and '&'. These functions
// make such text safe to place in XML 1.0 and HTML, and visible to people.

// Replaces what a reader cannot see, or XML 1.0 cannot carry even as a
// character reference, by a visible escape: a byte that is not part of valid
// UTF-8 becomes \xNN, a C0 control or DEL becomes \xNN, a C1 control and
// U+FFFE/U+FFFF become \uNNNN. Tab, newline and CR are kept when
// `keep_newlines`, else written as \t, \n, \r (for one-line contexts).
std::string VisibleText(absl::string_view text, bool keep_newlines);

// For element content: VisibleText (newlines kept) with & < > escaped.
std::string EscapeMarkupText(absl::string_view text);

// For a double-quoted attribute value: VisibleText with & < > " ' escaped and
// tab/newline/CR as character references (attribute normalization would
// otherwise turn them into spaces).
std::string EscapeMarkupAttribute(absl::string_view text);

// A Markdown code span that holds any text, made one line (VisibleText) and cut to `max` bytes:
// the fence is longer than any backtick run inside. In a table cell '|' must be escaped even
// inside a code span (GFM splits cells first).
std::string MarkdownCode(absl::string_view text, size_t max, bool in_table);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_MARKUP_ESCAPE_H_
