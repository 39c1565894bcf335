#include "harness/family/serde_items.h"

#include "absl/strings/str_cat.h"
#include "harness/family/image_bytes.h"

namespace dsconform {

SerdeItems ReadSerdeItems(std::string_view image, uint32_t off, uint64_t count, bool force_eight_bytes) {
  SerdeItems out;
  out.end = off;
  const uint64_t left = off <= image.size() ? image.size() - off : 0;
  out.eight_bytes = force_eight_bytes || left == 8 * count;
  uint64_t pos = off;
  for (uint64_t i = 0; i < count; ++i) {
    SerdeItem item;
    item.offset = static_cast<uint32_t>(pos);
    if (out.eight_bytes) {
      if (pos + 8 > image.size()) return out;
      item.size = 8;
      item.bits = static_cast<int64_t>(LoadLe(image, static_cast<uint32_t>(pos), 8));
      item.text = absl::StrCat(item.bits, " | ", FormatImageDouble(LoadLeDouble(image, static_cast<uint32_t>(pos))));
    } else {
      if (pos + 4 > image.size()) return out;
      const uint64_t len = LoadLe(image, static_cast<uint32_t>(pos), 4);
      if (pos + 4 + len > image.size()) return out;
      item.size = static_cast<uint32_t>(4 + len);
      item.text = absl::StrCat("\"", absl::string_view(image.data() + pos + 4, len), "\"");
    }
    pos += item.size;
    out.end = static_cast<uint32_t>(pos);
    out.items.push_back(std::move(item));
  }
  out.complete = true;
  return out;
}

}  // namespace dsconform
