#include "sketches/req/req_image_layout.h"

#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"
#include "harness/family/image_cursor.h"

namespace dsconform {
namespace {

constexpr uint8_t kReqFamily = 17;
constexpr uint32_t kHeaderBytes = 8;
constexpr uint32_t kCompactorHeaderBytes = 20;

std::string FloatAt(std::string_view img, uint32_t off) {
  const uint32_t bits = static_cast<uint32_t>(LoadLe(img, off, 4));
  float f;
  std::memcpy(&f, &bits, 4);
  return FormatImageDouble(f);
}

class Decoder : public ImageCursor {
 public:
  explicit Decoder(std::string_view img) : ImageCursor(img) {}
  Decoder(std::string_view img, const std::vector<ByteRange>& ranges) : ImageCursor(img, ranges) {}

  std::vector<DecodedField> Run() {
    if (!Room(0, kHeaderBytes)) return Finish();
    const uint64_t pre_ints = LoadLe(img_, 0, 1), family = LoadLe(img_, 2, 1), flags = LoadLe(img_, 3, 1);
    const uint64_t levels = LoadLe(img_, 6, 1), raw = LoadLe(img_, 7, 1);
    Add("preInts", 0, 1, absl::StrCat(pre_ints));
    Add("serVer", 1, 1, absl::StrCat(LoadLe(img_, 1, 1)));
    Add("familyId", 2, 1, family == kReqFamily ? "17 (req)" : absl::StrCat(family, " (not req)"));
    Add("flags", 3, 1, absl::StrFormat("0x%02x", flags));
    static constexpr struct { int bit; const char* name; } kBits[] = {
        {2, "EMPTY"}, {3, "HRA"}, {4, "RAW_ITEMS"}, {5, "LEVEL0_SORTED"}};
    for (const auto& b : kBits) Add(absl::StrCat("flags.", b.name), 3, 1, (flags >> b.bit) & 1 ? "1" : "0");
    if (flags & 0xc3) Add("flags.other", 3, 1, absl::StrFormat("0x%02x", flags & 0xc3));
    Add("k", 4, 2, absl::StrCat(LoadLe(img_, 4, 2)));
    Add("numLevels", 6, 1, absl::StrCat(levels));
    Add("numRawItems", 7, 1, absl::StrCat(raw));
    pos_ = kHeaderBytes;
    if (flags & 4) return Finish();
    if (pre_ints == 4) {
      if (!Room(pos_, 16)) return Finish();
      Add("n", pos_, 8, absl::StrCat(LoadLe(img_, pos_, 8)));
      Add("min", pos_ + 8, 4, FloatAt(img_, pos_ + 8));
      Add("max", pos_ + 12, 4, FloatAt(img_, pos_ + 12));
      pos_ += 16;
    }
    if (flags & 16) {
      FixedFields(raw, 4, [&](uint64_t i, uint32_t at) { Add(absl::StrCat("item[", i, "]"), at, 4, FloatAt(img_, at)); });
      return Finish();
    }
    for (uint64_t h = 0; h < levels; ++h) {
      if (!Room(pos_, kCompactorHeaderBytes)) return Finish();
      const std::string c = absl::StrCat("c", h, ".");
      const uint64_t items = LoadLe(img_, pos_ + 16, 4);
      Add(c + "state", pos_, 8, absl::StrCat(LoadLe(img_, pos_, 8)));
      Add(c + "sectionSize", pos_ + 8, 4, FloatAt(img_, pos_ + 8));
      Add(c + "lgWeight", pos_ + 12, 1, absl::StrCat(LoadLe(img_, pos_ + 12, 1)));
      Add(c + "numSections", pos_ + 13, 1, absl::StrCat(LoadLe(img_, pos_ + 13, 1)));
      Add(c + "padding", pos_ + 14, 2, absl::StrCat(LoadLe(img_, pos_ + 14, 2)));
      Add(c + "numItems", pos_ + 16, 4, absl::StrCat(items));
      pos_ += kCompactorHeaderBytes;
      const bool whole =
          FixedFields(items, 4, [&](uint64_t i, uint32_t at) { Add(absl::StrCat(c, "item[", i, "]"), at, 4, FloatAt(img_, at)); });
      if (!whole) return Finish();
    }
    return Finish();
  }
};

}  // namespace

std::vector<DecodedField> DecodeReqImage(std::string_view image) { return Decoder(image).Run(); }

std::vector<DecodedField> DecodeReqImageRanges(std::string_view image, const std::vector<ByteRange>& ranges) {
  return Decoder(image, ranges).Run();
}

}  // namespace dsconform
