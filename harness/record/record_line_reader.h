#ifndef DSCONFORM_HARNESS_RECORD_RECORD_LINE_READER_H_
#define DSCONFORM_HARNESS_RECORD_RECORD_LINE_READER_H_

#include "absl/strings/string_view.h"
#include "harness/record/record.h"
#include "harness/truth/truth_kind.h"

namespace dsconform {

// Reads a record's line in the very form AppendRecordLine writes it (compact, the members in its
// order, strings of ASCII) straight into a Record, without a json tree between: reading a full
// Frequent items run's 334 MB of records back through nlohmann's parser was most of the run's end.
// Any other form of a line (spaces, members reordered or unknown, non-ASCII text, a number in
// another form) is declined, false, and `out` untouched: the caller then reads it with
// RecordFromJson, which also says what is wrong with a damaged line. A line this accepts reads as
// RecordFromJson reads it.
bool ReadRecordLineAsWritten(absl::string_view line, Record* out, const TruthKinds& truth_kinds);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RECORD_RECORD_LINE_READER_H_
