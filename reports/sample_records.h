#ifndef DSCONFORM_REPORTS_SAMPLE_RECORDS_H_
#define DSCONFORM_REPORTS_SAMPLE_RECORDS_H_

#include <vector>

#include "harness/record/record.h"

namespace dsconform {

// Hand-made records for the report writers' tests and the browser test, from
// a fake run of java@9.0.0 (reference) against cpp@5.2.0. They cover every
// verdict, a byte-image diff with decoded fields, cross stages with a writer,
// an error whose message holds '<', '&', '>' and quotes, and non-ASCII text
// with a control byte and a byte that is not UTF-8. Deliberately not in index
// order, as workers would write them.
//
// Counts: 9 records; equal 2, differs 3, known 1, unexpectedly_equal 1,
// unsupported 1, error 1 (5 failing). Suites: hll.matrix 3, hll.unions 3,
// hll.strings 1, hll.cross_heapify 2.
std::vector<Record> SampleRecords();
RunInfo SampleRunInfo();

// A run far larger than any page should show, for the browser's size and
// render check: 3000 differing records with 16 KiB images differing in many
// bytes and 30 differing answers each, 24000 known records explained by 40
// findings, 3000 equal ones.
std::vector<Record> LargeSampleRecords();

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_SAMPLE_RECORDS_H_
