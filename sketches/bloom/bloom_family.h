#ifndef DSCONFORM_SKETCHES_BLOOM_BLOOM_FAMILY_H_
#define DSCONFORM_SKETCHES_BLOOM_BLOOM_FAMILY_H_

#include "harness/family/family.h"

namespace dsconform {

// Bloom filter: validation of its steps (docs/case-format.md, "Bloom filter
// steps"), its suites, image decoder, invariants and snapshot reader.
namespace families {
const Family& bloom();
}  // namespace families

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_BLOOM_BLOOM_FAMILY_H_
