#include "sketches/quantiles/quantiles_image_layout.h"

#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"
#include "harness/family/image_cursor.h"

namespace dsconform {
namespace {

constexpr uint8_t kQuantilesFamily = 8;
constexpr uint32_t kHeaderBytes = 8;

class Decoder : public ImageCursor {
 public:
  explicit Decoder(std::string_view img) : ImageCursor(img) {}
  Decoder(std::string_view img, const std::vector<ByteRange>& ranges) : ImageCursor(img, ranges) {}

  std::vector<DecodedField> Run() {
    if (!Room(0, kHeaderBytes)) return Finish();
    const uint64_t family = LoadLe(img_, 2, 1), flags = LoadLe(img_, 3, 1);
    Add("preLongs", 0, 1, absl::StrCat(LoadLe(img_, 0, 1)));
    Add("serVer", 1, 1, absl::StrCat(LoadLe(img_, 1, 1)));
    Add("familyId", 2, 1,
        family == kQuantilesFamily ? "8 (quantiles)" : absl::StrCat(family, " (not quantiles)"));
    Add("flags", 3, 1, absl::StrFormat("0x%02x", flags));
    // Bit 0 big-endian and bit 1 read-only are never set by these writers; shown when they are.
    static constexpr struct { int bit; const char* name; } kBits[] = {
        {0, "BIG_ENDIAN"}, {1, "READ_ONLY"}, {2, "EMPTY"}, {3, "COMPACT"}, {4, "ORDERED"}};
    for (const auto& b : kBits) Add(absl::StrCat("flags.", b.name), 3, 1, (flags >> b.bit) & 1 ? "1" : "0");
    if (flags & 0xe0) Add("flags.bits5-7", 3, 1, absl::StrFormat("0x%02x", flags & 0xe0));
    Add("k", 4, 2, absl::StrCat(LoadLe(img_, 4, 2)));
    Add("unused", 6, 2, absl::StrCat(LoadLe(img_, 6, 2)));
    pos_ = kHeaderBytes;
    if ((flags & 4) || img_.size() <= kHeaderBytes) return Finish();
    if (!Room(pos_, 8)) return Finish();
    Add("n", pos_, 8, absl::StrCat(LoadLe(img_, pos_, 8)));
    pos_ += 8;
    if (LooksLikeStrings(pos_)) {
      for (uint64_t i = 0; pos_ < img_.size() && !PastRange(); ++i) {
        const uint32_t len = static_cast<uint32_t>(LoadLe(img_, pos_, 4));
        if (Wants(pos_, 4 + uint64_t{len}))
          Add(ItemName(i), pos_, 4 + len, absl::StrCat("\"", absl::string_view(img_.data() + pos_ + 4, len), "\""));
        pos_ += 4 + len;
      }
      return Finish();
    }
    // Doubles to the end; a part of one left over is "truncated".
    const uint64_t left = img_.size() - pos_;
    FixedFields((left + 7) / 8, 8, [&](uint64_t i, uint32_t at) {
      const uint64_t bits = LoadLe(img_, at, 8);
      double d;
      std::memcpy(&d, &bits, 8);
      Add(ItemName(i), at, 8, absl::StrCat(FormatImageDouble(d), " (as long: ", static_cast<int64_t>(bits), ")"));
    });
    return Finish();
  }

 private:
  // min, max, then the retained items.
  static std::string ItemName(uint64_t i) {
    return i == 0 ? "min" : i == 1 ? "max" : absl::StrCat("item[", i - 2, "]");
  }

  // The rest is a whole number (at least 2: min and max) of length-prefixed strings.
  bool LooksLikeStrings(uint32_t at) const {
    int count = 0;
    while (at < img_.size()) {
      if (img_.size() - at < 4) return false;
      const uint64_t len = LoadLe(img_, at, 4);
      if (len > img_.size() - at - 4) return false;
      at += 4 + static_cast<uint32_t>(len);
      ++count;
    }
    return count >= 2;
  }
};

}  // namespace

std::vector<DecodedField> DecodeQuantilesImage(std::string_view image) { return Decoder(image).Run(); }

std::vector<DecodedField> DecodeQuantilesImageRanges(std::string_view image, const std::vector<ByteRange>& ranges) {
  return Decoder(image, ranges).Run();
}

}  // namespace dsconform
