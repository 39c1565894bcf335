#ifndef DSCONFORM_SKETCHES_BLOOM_BLOOM_CHECKS_H_
#define DSCONFORM_SKETCHES_BLOOM_BLOOM_CHECKS_H_

#include <string>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"

namespace dsconform {

// The Bloom filter's invariants (Family::CheckInvariant), judged on one engine's values:
//
//   bloom_image_consistent  [image...]: each image decodes whole: 24 bytes and the
//       IS_EMPTY flag with preLongs 3, or preLongs 4, no IS_EMPTY flag and numLongs words;
//       numBitsSet either "dirty" (all ones) or the words' popcount.
//   bloom_no_false_negatives  [<as>.absent]: a query of inserted items answered absent
//       for none of them.
//   bloom_fpp_binomial  [<out>.present, <out>.absent, <a>.bits_used, <a>.capacity, <a>.num_hashes]:
//       the false positives among never-inserted items are what the filter's own estimate,
//       (bits_used / capacity) ^ num_hashes, makes plausible: a two-sided binomial test at
//       kBloomFppAlpha.
// Returns the violations, one line each ("<field>: ..."); empty when they hold or when a
// value is missing (an engine that did not answer).
std::vector<std::string> CheckBloomInvariant(const Invariant& invariant, const std::vector<const Value*>& values);

// The two-sided significance below which bloom_fpp_binomial fails: small enough that
// a correct filter fails it about once in a million cases.
inline constexpr double kBloomFppAlpha = 1e-6;

// The false-positive probability a filter estimates of itself: (bits_used / capacity) ^ num_hashes.
double BloomEstimatedFpp(int64_t bits_used, int64_t capacity, int64_t num_hashes);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_BLOOM_BLOOM_CHECKS_H_
