#ifndef DSCONFORM_SKETCHES_HLL_HLL_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_HLL_HLL_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a serialized HLL sketch (serVer 1, the format datasketches-java and
// datasketches-cpp share: LIST, SET and HLL modes, compact or updatable,
// HLL_4/6/8 with HLL_4's aux table) into named fields, in offset order:
//
//   preInts serVer family lgK lgArr flags flags.<BIT>... listCount|curMin
//   mode mode.curMode mode.tgtType setCount hipAccum kxq0 kxq1 numAtCurMin
//   auxCount, then coupon[i], register[i] (+ padding for HLL_6), aux[i].
//
// Flag bits carry their published names; bit 5 is FULL_SIZE in C++ and
// REBUILD_CURMIN_NUM_KXQ in Java, so its field is "flags.FULL_SIZE/REBUILD_KXQ".
// Never fails and never reads outside `image`: bytes past the decodable end
// become one field "undecoded", an image that ends early ends with one field
// "truncated" covering its last partial piece.
std::vector<DecodedField> DecodeHllImage(std::string_view image);

// The fields of DecodeHllImage that overlap bytes [begin, end): what a differ
// needs at the offsets where two images differ, without building one field per
// register of a 2^21-register image.
std::vector<DecodedField> DecodeHllImageRange(std::string_view image, uint32_t begin, uint32_t end);

// An image's registers as numbers, for checks that read every register (as
// text fields a 2^21-register image would be millions of strings).
struct HllRegisterValues {
  std::string problem;       // why the image does not decode (the "truncated" or "undecoded" field), else empty
  bool hll_mode = false;     // false for LIST and SET images, which have no registers
  bool hll4 = false;
  bool out_of_order = false;
  uint8_t cur_min = 0;
  uint32_t num_at_cur_min = 0;
  double hip_accum = 0;
  // Each register's value: HLL_4 nibbles resolved against curMin and the aux table.
  std::vector<uint8_t> registers;
};
HllRegisterValues ReadHllRegisterValues(std::string_view image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_HLL_HLL_IMAGE_LAYOUT_H_
