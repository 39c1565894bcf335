#ifndef DSCONFORM_SKETCHES_VAROPT_VAROPT_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_VAROPT_VAROPT_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// The fields of a VarOpt sketch image (family 13: preamble, n, h, r, the R
// region's total weight, the H weights, the gadget's marks) or union image
// (family 14: max_k, n, outer tau, then the gadget's sketch image). Items
// follow in the serde's format (8-byte longs or length-prefixed strings): they
// are reported as one field, "items", as the decoder cannot know their type.
std::vector<DecodedField> DecodeVaroptImage(std::string_view image);
std::vector<DecodedField> DecodeVaroptImageRanges(std::string_view image, const std::vector<ByteRange>& ranges);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_VAROPT_VAROPT_IMAGE_LAYOUT_H_
