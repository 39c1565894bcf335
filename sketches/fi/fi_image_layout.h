#ifndef DSCONFORM_SKETCHES_FI_FI_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_FI_FI_IMAGE_LAYOUT_H_

#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a Frequent items image (the format datasketches-java and
// datasketches-cpp share; frequent_items_sketch_impl.hpp and
// frequencies/PreambleUtil.java) into named fields in offset order:
//
//   preLongs serVer family lgMaxMapSize lgCurMapSize flags flags.<BIT>... unused
//   (non-empty images, preLongs 4:) activeItems unused2 streamWeight offset
//   weight[0..activeItems-1] item[0..activeItems-1]
//
// The image does not say its item type: items are 8-byte longs when they fill
// the rest exactly, else strings of a u32 length and that many UTF-8 bytes
// (utf8 serde), else a u32 length and twice that many UTF-16 bytes (Java's
// ArrayOfUtf16StringsSerDe). Never fails and never reads outside `image`: an
// image that ends early ends with a field "truncated", bytes past the
// decodable end with "undecoded".
std::vector<DecodedField> DecodeFiImage(std::string_view image);

// The fields of DecodeFiImage that overlap any of `ranges` (in order of their begin), in one
// walk, formatting no other.
std::vector<DecodedField> DecodeFiImageRanges(std::string_view image, const std::vector<ByteRange>& ranges);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_FI_FI_IMAGE_LAYOUT_H_
