#ifndef DSCONFORM_SKETCHES_TDIGEST_TDIGEST_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_TDIGEST_TDIGEST_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a t-digest image (the format datasketches-cpp and datasketches-java
// share; tdigest_impl.hpp serialize and TDigestDouble.toByteArray) into named
// fields in offset order:
//
//   preLongs serVer type k flags flags.<BIT>... unused
//   (single value, preLongs 1 with IS_SINGLE_VALUE:) value
//   (preLongs 2:) numCentroids numBuffered min max
//   centroid[i].mean centroid[i].weight   buffer[i]
//
// The image does not say its value type: the width (8: double, with 64-bit
// weights; 4: float, with 32-bit weights) is inferred from the size. Never fails and never reads outside
// `image`: an image that ends early ends with "truncated", bytes past the
// decodable end are "undecoded".
std::vector<DecodedField> DecodeTdigestImage(std::string_view image);
// The fields of DecodeTdigestImage that overlap any of `ranges` (in order of their begin), in one walk.
std::vector<DecodedField> DecodeTdigestImageRanges(std::string_view image, const std::vector<ByteRange>& ranges);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_TDIGEST_TDIGEST_IMAGE_LAYOUT_H_
