#ifndef DSCONFORM_SKETCHES_TUPLE_TUPLE_FAMILY_H_
#define DSCONFORM_SKETCHES_TUPLE_TUPLE_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// Tuple: validation of its steps (docs/case-format.md, "Tuple steps"), its
// suites, and its image decoder. One family for every summary: the sketch,
// its images and its set operations are the same QuickSelect machinery
// whatever the summary, so the summary is a member of the steps (`summary`).
namespace families {
const Family& tuple();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_TUPLE_TUPLE_FAMILY_H_
