#ifndef DSCONFORM_HARNESS_FAMILY_IMAGE_BYTES_H_
#define DSCONFORM_HARNESS_FAMILY_IMAGE_BYTES_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace dsconform {

// What every family's image decoder shares: little-endian reads and the one
// way decoded fields show a double.

// The `size` (1..8) bytes at `off` of `image` as a little-endian integer; the
// caller has checked that they are inside the image. Inline: decoders call it
// per register and per entry.
inline uint64_t LoadLe(std::string_view image, uint32_t off, uint32_t size) {
  uint64_t v = 0;
  for (uint32_t i = 0; i < size; ++i) v |= static_cast<uint64_t>(static_cast<unsigned char>(image[off + i])) << (8 * i);
  return v;
}

// The 8 bytes at `off` as an IEEE-754 double.
inline double LoadLeDouble(std::string_view image, uint32_t off) {
  const uint64_t bits = LoadLe(image, off, 8);
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

// A double as decoded fields and reports show it: the shortest text that reads
// back to the same bits, with ".0" on integral values ("131328.0", "-0.0",
// "1e+300", "NaN", "Infinity"), as Java's Double.toString would.
std::string FormatImageDouble(double d);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_IMAGE_BYTES_H_
