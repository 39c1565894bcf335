#ifndef DSCONFORM_SKETCHES_EBPPS_EBPPS_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_EBPPS_EBPPS_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes an EBPPS image (datasketches-cpp ebpps_sketch::serialize,
// datasketches-java EbppsItemsSketch.toByteArray) into named fields in offset order:
//
//   preLongs serVer familyId flags flags.IS_EMPTY flags.HAS_PARTIAL_ITEM k
//   [n cumulativeWeight wtMax rho c  items[i]...  partialItem]
//
// The full items are floor(c) of them; items are 8 bytes each (longs:
// "<long> | <double>") when the bytes left fit that exactly, else
// length-prefixed UTF-8 strings. Never fails and never reads outside `image`.
std::vector<DecodedField> DecodeEbppsImage(std::string_view image);
std::vector<DecodedField> DecodeEbppsImageRanges(std::string_view image, const std::vector<ByteRange>& ranges);

// What an EBPPS image says of itself (the header; zeros for an empty one).
struct EbppsImageHeader {
  bool complete = false;  // 8 bytes, and 48 unless empty
  bool empty = false;
  int64_t k = 0, n = 0;
  double cumulative_weight = 0, wt_max = 0, rho = 0, c = 0;
};
EbppsImageHeader ReadEbppsImageHeader(std::string_view image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_EBPPS_EBPPS_IMAGE_LAYOUT_H_
