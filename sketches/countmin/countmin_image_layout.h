#ifndef DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a Count-min image (the format datasketches-cpp and datasketches-java
// share; count_min_impl.hpp serialize and CountMinSketch.toByteArray) into
// named fields in offset order:
//
//   preLongs serVer familyId flags flags.IS_EMPTY unused32
//   numBuckets numHashes seedHash unused8
//   (not empty:) totalWeight counter[row][bucket]...
//
// The image does not say its counter type: 8-byte counters are shown as
// integers and, when the total weight reads as a finite non-integral or large
// double, as doubles (datasketches-cpp's count_min_sketch<double>, the Python
// binding's). Never fails and never reads outside `image`: an image that ends
// early ends with "truncated", bytes past the decodable end are "undecoded".
std::vector<DecodedField> DecodeCountminImage(std::string_view image);
// The fields of DecodeCountminImage that overlap any of `ranges` (in order of their begin), in one
// walk, without decoding the counters outside them.
std::vector<DecodedField> DecodeCountminImageRanges(std::string_view image, const std::vector<ByteRange>& ranges);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_IMAGE_LAYOUT_H_
