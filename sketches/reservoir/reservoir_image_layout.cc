#include "sketches/reservoir/reservoir_image_layout.h"

#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"
#include "harness/family/image_cursor.h"
#include "harness/family/serde_items.h"

namespace dsconform {
namespace {

constexpr uint8_t kSketchFamily = 11;
constexpr uint8_t kUnionFamily = 12;
constexpr uint8_t kEmptyFlag = 4;

// serVer 1 wrote k as a 16-bit "reservoir size": 5 bits of exponent, 11 of fraction
// (ReservoirSize.decodeValue).
int64_t DecodeReservoirSize(uint64_t encoded) {
  const uint64_t p = (encoded >> 11) & 0x1f, i = encoded & 0x7ff;
  return static_cast<int64_t>(((i + 0x800) << p) >> 11);  // (1 + i/2048) * 2^p, as Java rounds it
}

class Decoder : public ImageCursor {
 public:
  explicit Decoder(std::string_view img) : ImageCursor(img) {}
  Decoder(std::string_view img, const std::vector<ByteRange>& ranges) : ImageCursor(img, ranges) {}

  std::vector<DecodedField> Run() {
    if (!Room(0, 8)) return Finish();
    if (LoadLe(img_, 2, 1) == kUnionFamily) {
      const uint64_t flags = LoadLe(img_, 3, 1);
      Add("preLongs", 0, 1, absl::StrCat(LoadLe(img_, 0, 1) & 0x3f));
      Add("serVer", 1, 1, absl::StrCat(LoadLe(img_, 1, 1)));
      Add("familyId", 2, 1, "12 (reservoir union)");
      Flags(flags);
      Add("maxK", 4, 4, absl::StrCat(LoadLe(img_, 4, 4)));
      pos_ = 8;
      if (flags & kEmptyFlag) return Finish();
      Sketch(8, "gadget.");
      return Finish();
    }
    Sketch(0, "");
    return Finish();
  }

 private:
  void Flags(uint64_t flags) {
    Add("flags", 3, 1, absl::StrFormat("0x%02x", flags));
    Add("flags.IS_EMPTY", 3, 1, (flags & kEmptyFlag) ? "1" : "0");
  }

  void Sketch(uint32_t at, const std::string& p) {
    if (!Room(at, 8)) return;
    const uint64_t b0 = LoadLe(img_, at, 1), ser = LoadLe(img_, at + 1, 1), family = LoadLe(img_, at + 2, 1),
                   flags = LoadLe(img_, at + 3, 1);
    const uint64_t pre = b0 & 0x3f;
    Add(p + "preLongs", at, 1, absl::StrCat(pre));
    Add(p + "resizeFactor", at, 1, absl::StrCat("x", 1 << (b0 >> 6)));
    Add(p + "serVer", at + 1, 1, absl::StrCat(ser));
    Add(p + "familyId", at + 2, 1,
        family == kSketchFamily ? "11 (reservoir)" : absl::StrCat(family, " (not a reservoir sketch)"));
    Flags(flags);
    int64_t k;
    if (ser == 1) {
      k = DecodeReservoirSize(LoadLe(img_, at + 4, 2));
      Add(p + "k", at + 4, 2, absl::StrCat(k, " (encoded 0x", absl::Hex(LoadLe(img_, at + 4, 2)), ")"));
    } else {
      k = static_cast<int64_t>(LoadLe(img_, at + 4, 4));
      Add(p + "k", at + 4, 4, absl::StrCat(k));
    }
    pos_ = at + 8;
    if ((flags & kEmptyFlag) || pre < 2) return;
    if (!Room(at + 8, 8)) return;
    const int64_t n = static_cast<int64_t>(LoadLe(img_, at + 8, 8));
    Add(p + "n", at + 8, 8, absl::StrCat(n));
    pos_ = at + 16;
    const uint64_t count = static_cast<uint64_t>(std::max<int64_t>(0, std::min(n, k)));
    const SerdeItems items = ReadSerdeItems(img_, pos_, count);
    for (size_t i = 0; i < items.items.size(); ++i)
      Add(absl::StrCat(p, "items[", i, "]"), items.items[i].offset, items.items[i].size, items.items[i].text);
    pos_ = items.end;
    if (!items.complete) Room(pos_, img_.size() + 1 - pos_);  // reports the rest as truncated
  }
};

}  // namespace

std::vector<DecodedField> DecodeReservoirImage(std::string_view image) { return Decoder(image).Run(); }

std::vector<DecodedField> DecodeReservoirImageRanges(std::string_view image, const std::vector<ByteRange>& ranges) {
  return Decoder(image, ranges).Run();
}

std::optional<std::vector<int64_t>> ReservoirImageLongs(std::string_view image) {
  uint32_t at = 0;
  if (image.size() >= 8 && LoadLe(image, 2, 1) == kUnionFamily) {
    if (LoadLe(image, 3, 1) & kEmptyFlag) return std::vector<int64_t>{};
    at = 8;
  }
  if (image.size() < at + 8 || LoadLe(image, at + 2, 1) != kSketchFamily) return std::nullopt;
  if ((LoadLe(image, at + 3, 1) & kEmptyFlag) || (LoadLe(image, at, 1) & 0x3f) < 2) return std::vector<int64_t>{};
  if (image.size() < at + 16 || LoadLe(image, at + 1, 1) != 2) return std::nullopt;
  const int64_t k = static_cast<int64_t>(LoadLe(image, at + 4, 4));
  const int64_t n = static_cast<int64_t>(LoadLe(image, at + 8, 8));
  const uint64_t count = static_cast<uint64_t>(std::max<int64_t>(0, std::min(n, k)));
  if (image.size() - (at + 16) != 8 * count) return std::nullopt;
  const SerdeItems items = ReadSerdeItems(image, at + 16, count, true);
  std::vector<int64_t> out;
  for (const SerdeItem& item : items.items) out.push_back(item.bits);
  return out;
}

}  // namespace dsconform
