#ifndef DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_KIND_H_
#define DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_KIND_H_

#include "harness/truth/truth_kind.h"

namespace dsconform {

// Item frequencies: the exact weight of every item a frequent-items sketch was
// fed, against its bounds, maximum error and frequent-items lists
// (frequency_check.h). Its guarantees are not statistical, so it has no
// settings: any broken one is an outlier.
const TruthKind& FrequencyTruthKind();

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_KIND_H_
