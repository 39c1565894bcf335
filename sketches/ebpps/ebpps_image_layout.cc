#include "sketches/ebpps/ebpps_image_layout.h"

#include <cmath>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"
#include "harness/family/image_cursor.h"
#include "harness/family/serde_items.h"

namespace dsconform {
namespace {

constexpr uint8_t kEbppsFamily = 19;
constexpr uint8_t kEmptyFlag = 4;
constexpr uint8_t kPartialFlag = 8;
constexpr uint32_t kFullHeader = 48;

class Decoder : public ImageCursor {
 public:
  explicit Decoder(std::string_view img) : ImageCursor(img) {}
  Decoder(std::string_view img, const std::vector<ByteRange>& ranges) : ImageCursor(img, ranges) {}

  std::vector<DecodedField> Run() {
    if (!Room(0, 8)) return Finish();
    const uint64_t family = LoadLe(img_, 2, 1), flags = LoadLe(img_, 3, 1);
    Add("preLongs", 0, 1, absl::StrCat(LoadLe(img_, 0, 1)));
    Add("serVer", 1, 1, absl::StrCat(LoadLe(img_, 1, 1)));
    Add("familyId", 2, 1, family == kEbppsFamily ? "19 (EBPPS)" : absl::StrCat(family, " (not EBPPS)"));
    Add("flags", 3, 1, absl::StrFormat("0x%02x", flags));
    Add("flags.IS_EMPTY", 3, 1, (flags & kEmptyFlag) ? "1" : "0");
    Add("flags.HAS_PARTIAL_ITEM", 3, 1, (flags & kPartialFlag) ? "1" : "0");
    Add("k", 4, 4, absl::StrCat(LoadLe(img_, 4, 4)));
    pos_ = 8;
    if (flags & kEmptyFlag) return Finish();
    if (!Room(8, kFullHeader - 8)) return Finish();
    Add("n", 8, 8, absl::StrCat(static_cast<int64_t>(LoadLe(img_, 8, 8))));
    const char* names[] = {"cumulativeWeight", "wtMax", "rho", "c"};
    for (int i = 0; i < 4; ++i) Add(names[i], 16 + 8 * i, 8, FormatImageDouble(LoadLeDouble(img_, 16 + 8 * i)));
    pos_ = kFullHeader;
    const double c = LoadLeDouble(img_, 40);
    const uint64_t full = c >= 0 && c < 4294967296.0 ? static_cast<uint64_t>(std::floor(c)) : 0;
    const uint64_t count = full + ((flags & kPartialFlag) ? 1 : 0);
    const SerdeItems items = ReadSerdeItems(img_, pos_, count);
    for (size_t i = 0; i < items.items.size(); ++i)
      Add(i < full ? absl::StrCat("items[", i, "]") : "partialItem", items.items[i].offset, items.items[i].size,
          items.items[i].text);
    pos_ = items.end;
    if (!items.complete) Room(pos_, img_.size() + 1 - pos_);
    return Finish();
  }
};

}  // namespace

std::vector<DecodedField> DecodeEbppsImage(std::string_view image) { return Decoder(image).Run(); }

std::vector<DecodedField> DecodeEbppsImageRanges(std::string_view image, const std::vector<ByteRange>& ranges) {
  return Decoder(image, ranges).Run();
}

EbppsImageHeader ReadEbppsImageHeader(std::string_view image) {
  EbppsImageHeader h;
  if (image.size() < 8) return h;
  h.k = static_cast<int64_t>(LoadLe(image, 4, 4));
  h.empty = (LoadLe(image, 3, 1) & kEmptyFlag) != 0;
  if (h.empty) {
    h.complete = true;
    return h;
  }
  if (image.size() < kFullHeader) return h;
  h.complete = true;
  h.n = static_cast<int64_t>(LoadLe(image, 8, 8));
  h.cumulative_weight = LoadLeDouble(image, 16);
  h.wt_max = LoadLeDouble(image, 24);
  h.rho = LoadLeDouble(image, 32);
  h.c = LoadLeDouble(image, 40);
  return h;
}

}  // namespace dsconform
