#ifndef DSCONFORM_REPORTS_RECORD_LINES_H_
#define DSCONFORM_REPORTS_RECORD_LINES_H_

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "harness/record/record.h"
#include "harness/truth/truth_kind.h"

namespace dsconform {

// Where a record's line is in a file of record lines (records.jsonl or the run's journal), so
// that records.jsonl is put together by copying lines rather than serializing records again.
struct RecordLine {
  int64_t index = 0;   // the record's case, its position in the run
  int64_t offset = 0;  // of the line's first byte
  int64_t length = 0;  // with its newline
};

// The whole cases a file of record lines holds.
struct RecordLines {
  std::vector<Record> records;    // in file order (when kept)
  std::vector<RecordLine> lines;  // lines[i] is where records[i] is
  std::set<int64_t> cases;        // the cases whose records these are
  int64_t kept_bytes = 0;         // the journal up to here holds them (ReadRecordJournal)
  int64_t kept_commit_bytes = 0;  // and the journal's commits up to here commit them
  int64_t dropped_bytes = 0;      // records and lines dropped as cut short by a kill
};

// Reads records.jsonl, every line a record; a malformed line fails with "path:line: why". An
// unterminated last line (a write cut short) is dropped and counted in dropped_bytes, with the
// records of the last case before it (records.jsonl written record by record in case order, by an
// earlier dsconform, may end in a case cut short). The samples of `truth_kinds` are read back
// (RecordFromJson). Without `keep_records`, only the lines and cases.
absl::StatusOr<RecordLines> ReadRecordLines(const std::string& path, const TruthKinds& truth_kinds = {},
                                            bool keep_records = true);

// One file's lines to copy.
struct RecordLineSource {
  std::string path;
  std::vector<RecordLine> lines;
};

// Writes `out` from the lines of `sources`, in case order: sorted by index, the lines of one case
// in the order their source lists them. A case's lines must come from one source: a case in two
// is an error naming both. The file is
// whole or absent: written beside `out`, then renamed over it.
absl::Status WriteRecordLinesInCaseOrder(const std::string& out, const std::vector<RecordLineSource>& sources);

// Whether `lines`, as listed, are a file of `file_bytes` bytes from its start to its end, one line
// after the other, in case order: that file is already what WriteRecordLinesInCaseOrder would write.
bool LinesFillFileInCaseOrder(const std::vector<RecordLine>& lines, int64_t file_bytes);

// Drops a line's trailing '\r' (a file written on Windows); false when what is left is blank, a
// line every reader of a records file skips.
bool TrimRecordLine(std::string* line);

// Parses one line (without its newline) into *r; returns why it is not a record, or "". A line as
// the harness writes it is read directly (harness/record/record_line_reader.h), any other as JSON.
std::string ParseRecordLine(const std::string& line, Record* r, const TruthKinds& truth_kinds = {});

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_RECORD_LINES_H_
