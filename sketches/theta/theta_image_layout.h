#ifndef DSCONFORM_SKETCHES_THETA_THETA_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_THETA_THETA_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a serialized Theta sketch into named fields, in offset order.
//
// serVer 3 (compact and updatable images, and set-operation gadgets):
//   preLongs rf serVer family lgNomLongs lgArrLongs flags flags.<BIT>...
//   seedHash [curCount p] [thetaLong] [unionThetaLong] entry[i]...
// (curCount and p when preLongs >= 2, thetaLong when >= 3; a compact image
// has curCount entries, or one after a one-long preamble without EMPTY; an
// updatable image has a table of 2^lgArrLongs slots, 0 for an empty slot.)
// serVer 4 (compressed compact images):
//   preLongs serVer family entryBits numEntriesBytes flags flags.<BIT>...
//   seedHash [thetaLong] numEntries entry[i]... (entries are delta-coded,
//   entryBits each, most significant bit first; each field gives the hash).
// Never fails and never reads outside `image`: a tail it cannot place is one
// field "undecoded", an image that ends early ends with a field "truncated".
std::vector<DecodedField> DecodeThetaImage(std::string_view image);

// The fields of DecodeThetaImage that overlap bytes [begin, end).
std::vector<DecodedField> DecodeThetaImageRange(std::string_view image, uint32_t begin, uint32_t end);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_THETA_THETA_IMAGE_LAYOUT_H_
