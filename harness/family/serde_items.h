#ifndef DSCONFORM_HARNESS_FAMILY_SERDE_ITEMS_H_
#define DSCONFORM_HARNESS_FAMILY_SERDE_ITEMS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dsconform {

// The items of a sampling family's image (Reservoir, EBPPS, VarOpt), as the
// libraries' item serializers write them: longs and doubles 8 little-endian
// bytes each (ArrayOfLongsSerDe, ArrayOfDoublesSerDe), strings a 4-byte length
// and their UTF-8 bytes (ArrayOfStringsSerDe). An image does not say which.
struct SerdeItem {
  uint32_t offset = 0;
  uint32_t size = 0;
  std::string text;   // 8-byte items: "<long> | <double>"; strings: the text, quoted
  int64_t bits = 0;   // 8-byte items: the 8 bytes as a long
};

struct SerdeItems {
  std::vector<SerdeItem> items;
  bool eight_bytes = false;  // read as 8-byte items (else as strings)
  bool complete = false;     // all `count` items were there
  uint32_t end = 0;          // the offset after the last item read
};

// Reads `count` items from `off`: as 8-byte items when exactly 8 * count bytes
// remain (`eight_bytes_if_exact`) or when `force_eight_bytes`, else as
// strings. Never reads outside `image`; stops at the first item that does not fit.
SerdeItems ReadSerdeItems(std::string_view image, uint32_t off, uint64_t count, bool force_eight_bytes = false);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_SERDE_ITEMS_H_
