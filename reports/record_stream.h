#ifndef DSCONFORM_REPORTS_RECORD_STREAM_H_
#define DSCONFORM_REPORTS_RECORD_STREAM_H_

#include <functional>
#include <string>

#include "absl/status/status.h"
#include "harness/record/record.h"
#include "harness/truth/truth_kind.h"

namespace dsconform {

// What takes a run's records one at a time, in report order; an error stops the reading.
using RecordVisitor = std::function<absl::Status(const Record&)>;
// Gives every record of a run to a visitor, in report order (InReportOrder).
using RecordSource = std::function<absl::Status(const RecordVisitor&)>;

// The records of a records file (records.jsonl, or records.jsonl.zst read as it is decompressed),
// in report order: the file is in case order, and one case's records are put in order among
// themselves, so that only one case's records are held at a time. A malformed line, or a file not
// in case order, fails with "path:line: why"; the samples of `truth_kinds` are read back.
RecordSource RecordsOfFile(const std::string& path, const TruthKinds& truth_kinds);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_RECORD_STREAM_H_
