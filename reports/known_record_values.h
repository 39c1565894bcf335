#ifndef DSCONFORM_REPORTS_KNOWN_RECORD_VALUES_H_
#define DSCONFORM_REPORTS_KNOWN_RECORD_VALUES_H_

#include "harness/record/record.h"

namespace dsconform {

// Lets go of what no summary reads of a record a rule explained (verdict known): its values, images,
// byte ranges and decoded values, which records.jsonl keeps. What the summaries count stays: the
// fields, which were known, the names of the decoded fields, the samples of the accuracy study. A
// run holds its records until its summaries are written, and the known ones carried most of their
// bytes: every suite at full scale wrote 2.3 GB of records, two thirds of it differences.
void DropKnownRecordValues(Record& r);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_KNOWN_RECORD_VALUES_H_
