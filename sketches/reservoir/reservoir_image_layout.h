#ifndef DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_IMAGE_LAYOUT_H_

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a reservoir image (datasketches-java ReservoirItemsSketch /
// ReservoirLongsSketch toByteArray, the Go module's ToSlice) into named fields
// in offset order:
//
//   sketch (familyId 11): preLongs resizeFactor serVer familyId flags flags.IS_EMPTY
//       k (serVer 2: 4 bytes; serVer 1: an encoded 2-byte size) [n  items[i]...]
//   union (familyId 12):  preLongs serVer familyId flags flags.IS_EMPTY maxK
//       gadget.<the sketch's fields>
//
// Items are 8 bytes each (longs, doubles: "<long> | <double>") when exactly
// that many bytes remain, else length-prefixed UTF-8 strings. Never fails and
// never reads outside `image`: "truncated" where it ends early, "undecoded"
// for bytes past the end.
std::vector<DecodedField> DecodeReservoirImage(std::string_view image);
std::vector<DecodedField> DecodeReservoirImageRanges(std::string_view image, const std::vector<ByteRange>& ranges);

// The sample of a sketch image of 8-byte items (a union's gadget for a union
// image), as longs in the image's order; nullopt when the image is not one.
std::optional<std::vector<int64_t>> ReservoirImageLongs(std::string_view image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_IMAGE_LAYOUT_H_
