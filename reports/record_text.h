#ifndef DSCONFORM_REPORTS_RECORD_TEXT_H_
#define DSCONFORM_REPORTS_RECORD_TEXT_H_

#include <string>

#include "absl/strings/string_view.h"
#include "harness/record/record.h"

namespace dsconform {

// Plain-text phrases about a record that every writer shares, so the Markdown,
// JUnit and HTML reports say the same thing in the same words. The results are
// raw text: each writer escapes them for its format.

// At most `max` bytes of `s` (cut on a UTF-8 character boundary), ending in
// "…" when something was cut: long messages must not swamp a report.
std::string Truncated(absl::string_view s, size_t max);

// `s` as one POSIX shell word: unchanged when it holds only characters no
// shell treats specially, else single-quoted.
std::string ShellWord(absl::string_view s);

// The command that reruns this one case on its two engines, e.g.
//   dsconform repro --engines java@9.0.0,cpp@5.2.0 'hll/sketch/lgk=12/n=3072'
// with `--writer <engine>` before the case id for cross stages.
std::string ReproCommand(const Record& r, const RunInfo& info);

// "java@9.0.0 -> cpp@5.2.0": the reference and the candidate of a record.
std::string EnginePair(const Record& r);

// "hipAccum: 131328.0 vs 0.0"; an absent side reads "(absent)".
std::string DecodedDiffText(const DecodedDiff& d);

// One side of a field diff: Value::Summary, or "(missing)".
std::string ReferenceText(const FieldDiff& d);
std::string CandidateText(const FieldDiff& d);

// "a.compact: <reference> vs <candidate>", then "; hipAccum: ... vs ..." for
// each decoded field, all on one line.
std::string FieldDiffLine(const FieldDiff& d);

// Why the record has its verdict, in one line: the first difference for
// differs/known, the expectation for unexpectedly_equal, the note for
// error/unsupported. Empty for equal.
std::string RecordHeadline(const Record& r);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_RECORD_TEXT_H_
