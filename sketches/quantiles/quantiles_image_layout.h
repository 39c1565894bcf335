#ifndef DSCONFORM_SKETCHES_QUANTILES_QUANTILES_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_QUANTILES_QUANTILES_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a classic Quantiles image (serial version 3, the format
// datasketches-cpp quantiles_sketch::serialize and datasketches-java
// QuantilesDoublesSketch/QuantilesItemsSketch.toByteArray share) into named
// fields in offset order:
//
//   preLongs serVer familyId flags flags.<BIT>... k unused
//   (not empty:) n  min max  item[i]...
//
// Items are 8-byte words (double or long: the image does not say which, so
// both readings are shown) or, when the rest parses as such, strings of a
// 4-byte length and that many bytes. Never fails and never reads outside
// `image`: an image that ends early ends with "truncated", bytes past the
// decodable end are "undecoded".
std::vector<DecodedField> DecodeQuantilesImage(std::string_view image);
// The fields of DecodeQuantilesImage that overlap any of `ranges` (in order of their begin), in one walk.
std::vector<DecodedField> DecodeQuantilesImageRanges(std::string_view image, const std::vector<ByteRange>& ranges);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_QUANTILES_QUANTILES_IMAGE_LAYOUT_H_
