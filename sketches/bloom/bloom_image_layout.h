#ifndef DSCONFORM_SKETCHES_BLOOM_BLOOM_IMAGE_LAYOUT_H_
#define DSCONFORM_SKETCHES_BLOOM_BLOOM_IMAGE_LAYOUT_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Decodes a Bloom filter image (the format datasketches-cpp and
// datasketches-java share; bloom_filter_impl.hpp serialize and
// BloomFilter.toByteArray) into named fields in offset order:
//
//   preLongs serVer familyId flags flags.IS_EMPTY numHashes unused seed
//   numLongs unused   (24 bytes: the whole image of an empty filter)
//   numBitsSet        ("dirty" when all ones: the writer had not counted)
//   bits[i]           (one 64-bit word each: its hex and how many bits it sets)
//
// Bytes that do not start as an image does (serVer 1 and familyId 21 at bytes 1 and 2)
// are read as an answers bitmap of query_items or query_and_update instead: one field
// per byte, `items[8b..8b+7]`, the answers as 0s and 1s, item 8b first.
// Never fails and never reads outside `image`: an image that ends early ends
// with "truncated", bytes past the decodable end are "undecoded".
std::vector<DecodedField> DecodeBloomImage(std::string_view image);
// The fields of DecodeBloomImage that overlap bytes [begin, end), without
// decoding the other words.
std::vector<DecodedField> DecodeBloomImageRange(std::string_view image, uint32_t begin, uint32_t end);

// What a Bloom filter image says of itself.
struct BloomImageHeader {
  bool complete = false;  // the 24-byte header is there
  uint32_t pre_longs = 0;
  bool empty_flag = false;
  uint64_t num_longs = 0;
  bool has_bits = false;  // numBitsSet and the words follow the header
  uint64_t num_bits_set = 0;
  bool dirty = false;     // numBitsSet all ones
};
BloomImageHeader ReadBloomImageHeader(std::string_view image);

// The number of bits set in the image's words (those present).
uint64_t BloomImagePopcount(std::string_view image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_BLOOM_BLOOM_IMAGE_LAYOUT_H_
