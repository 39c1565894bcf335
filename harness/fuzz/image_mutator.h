#ifndef DSCONFORM_HARNESS_FUZZ_IMAGE_MUTATOR_H_
#define DSCONFORM_HARNESS_FUZZ_IMAGE_MUTATOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// One damaged copy of a valid image, named by what was done to it
// ("curMin=0xff", "truncate@8", "flip@13.2"), so a finding reads as its cause.
struct Mutant {
  std::string name;
  std::string image;
};

// Derives mutants of `image` deterministically from `seed`, guided by the
// family's decoder: each header field set to 0, all ones, +1 and -1;
// truncation at every header field boundary; extension; other serialization
// versions and family ids; body entries (registers, coupons, aux entries) set
// to out-of-range values; seeded bit flips. Distinct images only, the
// original excluded, at most `max` (a seeded sample of all kinds when there are more).
std::vector<Mutant> MutateImage(const std::string& image, const Family& family, uint64_t seed, size_t max);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FUZZ_IMAGE_MUTATOR_H_
