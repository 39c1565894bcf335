#ifndef DSCONFORM_SKETCHES_CPC_CPC_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_CPC_CPC_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a serialized CPC sketch (serVer 1, family 16, the compressed format
// datasketches-java and datasketches-cpp share) into named fields, in offset
// order:
//
//   preInts serVer family lgK firstInterestingColumn flags flags.<BIT>...
//   seedHash, then, when the image has a table or a window: numCoupons
//   [numSv kxp hipEstAccum] tableLengthInts windowLengthInts [kxp hipEstAccum]
//   windowStream tableStream
//
// Which optional pieces exist and where they sit follows from the flags
// (HAS_HIP, HAS_TABLE, HAS_WINDOW): numSv is stored only with both a table and
// a window, and HIP then comes before the lengths instead of after them. The
// streams' compressed words are fields windowStream[i] and tableStream[i] (hex).
// Never fails and never reads outside `image`: bytes past the decodable end
// become one field "undecoded"; an image that ends early ends with a field
// "truncated".
std::vector<DecodedField> DecodeCpcImage(std::string_view image);

// The fields of DecodeCpcImage that overlap bytes [begin, end).
std::vector<DecodedField> DecodeCpcImageRange(std::string_view image, uint32_t begin, uint32_t end);

// The fields of DecodeCpcImage in its preamble (the header, the counts and HIP values after it,
// the first stream words within 40 bytes) and its "truncated" or "undecoded" field wherever it
// lies: what a consistency check reads, without formatting the stream words of a large image.
std::vector<DecodedField> DecodeCpcPreamble(std::string_view image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_CPC_CPC_IMAGE_LAYOUT_H_
