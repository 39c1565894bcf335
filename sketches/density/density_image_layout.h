#ifndef DSCONFORM_SKETCHES_DENSITY_DENSITY_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_DENSITY_DENSITY_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a density image (datasketches-cpp density_sketch<double>::serialize; the Python
// binding writes the same) into named fields in offset order:
//
//   preInts serVer familyId flags flags.IS_EMPTY k unused dim
//   [numRetained n  level[h].size level[h][i] ...]
//
// Levels follow one another until numRetained points are read, each its u32 size then its
// points of dim doubles (level[h][i] shows them "x, y, ..."); an empty image ends after dim.
// Never fails and never reads outside `image`; point fields are only built where asked
// (DecodeDensityImageRanges), so a large image costs what its differing bytes cost.
std::vector<DecodedField> DecodeDensityImage(std::string_view image);
std::vector<DecodedField> DecodeDensityImageRanges(std::string_view image, const std::vector<ByteRange>& ranges);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_DENSITY_DENSITY_IMAGE_LAYOUT_H_
