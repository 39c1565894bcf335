#ifndef DSCONFORM_SKETCHES_KLL_KLL_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_KLL_KLL_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a compact KLL image (the format datasketches-java and
// datasketches-cpp share; kll_sketch.hpp and KllPreambleUtil.java) into named
// fields in offset order:
//
//   preInts serVer family flags flags.<BIT>... k m unused
//   (full images, preInts 5:) n minK numLevels unused2 level[0..numLevels-1]
//   capacity(implied) min max
//   item[i]  (single-item images, serVer 2: item[0] right after the 8 bytes)
//
// The image does not say its item type: the decoder infers the item width from
// the size (8: "double|long", 4: "float", else u32-length strings) and shows
// 8-byte items both ways. `capacity(implied)` is the level capacity sum the
// format leaves out (num retained = capacity - level[0]); it covers no bytes.
// Never fails and never reads outside `image`: an image that ends early ends
// with a field "truncated", bytes past the decodable end with "undecoded".
std::vector<DecodedField> DecodeKllImage(std::string_view image);

// The fields of DecodeKllImage that overlap any of `ranges` (in order of their begin), in one
// walk, formatting no other.
std::vector<DecodedField> DecodeKllImageRanges(std::string_view image, const std::vector<ByteRange>& ranges);

// The level capacity sum of a KLL sketch (kll_helper::compute_total_capacity).
uint32_t KllTotalCapacity(uint16_t k, uint8_t m, uint8_t num_levels);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_KLL_KLL_IMAGE_LAYOUT_H_
