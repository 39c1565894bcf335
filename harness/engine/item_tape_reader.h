#ifndef DSCONFORM_HARNESS_ENGINE_ITEM_TAPE_READER_H_
#define DSCONFORM_HARNESS_ENGINE_ITEM_TAPE_READER_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "harness/case/item_stream.h"

namespace dsconform {

namespace item_tape_internal {

inline uint64_t LoadLe64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap64(v);
#endif
  return v;
}

inline uint32_t LoadLe32(const char* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap32(v);
#endif
  return v;
}

}  // namespace item_tape_internal

// Calls `visit` once per item of an item tape (harness/case/item_stream.h),
// with the arguments of the update overload its kind maps to in
// datasketches-cpp (docs/items.md):
//   long   -> visit(int64_t)
//   double -> visit(double)             (the tape's IEEE-754 bits, unchanged)
//   string -> visit(const std::string&) (one std::string reused for all items)
//   bytes  -> visit(const void*, size_t) (a pointer into the tape: never null,
//                                         even for an empty array)
// Reads the tape in place. Returns false, after visiting the complete items,
// when the tape ends inside an item.
template <typename Visit>
bool ForEachTapeItem(ItemKind kind, std::string_view tape, Visit&& visit) {
  using item_tape_internal::LoadLe32;
  using item_tape_internal::LoadLe64;
  const char* p = tape.data();
  const char* const end = p + tape.size();
  switch (kind) {
    case ItemKind::kLong:
      for (; end - p >= 8; p += 8) visit(static_cast<int64_t>(LoadLe64(p)));
      return p == end;
    case ItemKind::kDouble:
      for (; end - p >= 8; p += 8) {
        const uint64_t bits = LoadLe64(p);
        double d;
        std::memcpy(&d, &bits, 8);
        visit(d);
      }
      return p == end;
    case ItemKind::kString:
    case ItemKind::kBytes: {
      std::string text;
      while (end - p >= 4) {
        const uint32_t len = LoadLe32(p);
        if (static_cast<uint64_t>(end - p - 4) < len) return false;
        p += 4;
        if (kind == ItemKind::kString) {
          text.assign(p, len);
          visit(static_cast<const std::string&>(text));
        } else {
          visit(static_cast<const void*>(p), static_cast<size_t>(len));
        }
        p += len;
      }
      return p == end;
    }
  }
  return false;
}

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_ITEM_TAPE_READER_H_
