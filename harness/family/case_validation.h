#ifndef DSCONFORM_HARNESS_FAMILY_CASE_VALIDATION_H_
#define DSCONFORM_HARNESS_FAMILY_CASE_VALIDATION_H_

#include "absl/status/status.h"
#include "harness/case/case_program.h"
#include "harness/family/family_catalog.h"

namespace dsconform {

// Validates a case before any engine sees it: known family and steps, slots
// defined before use, images produced before they are read, the family's
// own rules, and its truth entries, each member read by the family's kind of
// truth that carries it. Errors read "case <id>: /ops/2/lg_k: must be in
// 4..21, got 22".
absl::Status ValidateCase(const Case& c, const FamilyCatalog& families);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_CASE_VALIDATION_H_
