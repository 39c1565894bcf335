#ifndef DSCONFORM_SKETCHES_TUPLE_TUPLE_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_TUPLE_TUPLE_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a Tuple image, one of the two published formats (family 9):
// - the tuple sketch (serial version 3, datasketches-java tuple/PreambleUtil,
//   datasketches-cpp compact_tuple_sketch::serialize): preamble, then per entry
//   the hash and its summary. The summary's width is not in the image; it is
//   what is left per entry (4: an int32, 5: an int32 and Java's mode byte,
//   8: a double, 9: a double and Java's mode byte; other widths as bytes);
// - the array of doubles (serial version 1, ArrayOfDoublesSketch /
//   compact_array_tuple_sketch): preamble, every hash, then every array.
// Per entry: `entry[i].hash` and `entry[i].summary` (`entry[i].value[j]` for
// an array); fields in image order. An image that ends early gets a
// `truncated` field; one that continues past the entries an `undecoded` one.
std::vector<DecodedField> DecodeTupleImage(std::string_view image);
std::vector<DecodedField> DecodeTupleImageRange(std::string_view image, uint32_t begin, uint32_t end);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_TUPLE_TUPLE_IMAGE_LAYOUT_H_
