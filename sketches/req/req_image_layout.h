#ifndef DSCONFORM_SKETCHES_REQ_REQ_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_REQ_REQ_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a REQ image of float items (serial version 1, the format
// datasketches-cpp req_sketch<float>::serialize and datasketches-java
// ReqSketch.toByteArray share) into named fields in offset order:
//
//   preInts serVer familyId flags flags.<BIT>... k numLevels numRawItems
//   (estimation mode, preInts 4:) n min max
//   (raw items:) item[i]...
//   (otherwise, per compactor h:) c<h>.state c<h>.sectionSize c<h>.lgWeight
//       c<h>.numSections c<h>.padding c<h>.numItems c<h>.item[i]...
//
// Never fails and never reads outside `image`: an image that ends early ends
// with "truncated", bytes past the decodable end are "undecoded".
std::vector<DecodedField> DecodeReqImage(std::string_view image);
// The fields of DecodeReqImage that overlap any of `ranges` (in order of their begin), in one walk.
std::vector<DecodedField> DecodeReqImageRanges(std::string_view image, const std::vector<ByteRange>& ranges);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_REQ_REQ_IMAGE_LAYOUT_H_
