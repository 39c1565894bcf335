#include "sketches/density/density_image_layout.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"
#include "harness/family/image_cursor.h"

namespace dsconform {
namespace {

constexpr uint8_t kDensityFamily = 19;  // EBPPS's family id too, in datasketches-cpp
constexpr uint8_t kEmptyFlag = 4;
constexpr uint32_t kShortHeader = 12, kLongHeader = 24;

class Decoder : public ImageCursor {
 public:
  explicit Decoder(std::string_view img) : ImageCursor(img) {}
  Decoder(std::string_view img, const std::vector<ByteRange>& ranges) : ImageCursor(img, ranges) {}

  std::vector<DecodedField> Run() {
    if (!Room(0, kShortHeader)) return Finish();
    const uint64_t family = LoadLe(img_, 2, 1), flags = LoadLe(img_, 3, 1);
    Add("preInts", 0, 1, absl::StrCat(LoadLe(img_, 0, 1)));
    Add("serVer", 1, 1, absl::StrCat(LoadLe(img_, 1, 1)));
    Add("familyId", 2, 1, family == kDensityFamily ? "19 (density)" : absl::StrCat(family, " (not density)"));
    Add("flags", 3, 1, absl::StrFormat("0x%02x", flags));
    Add("flags.IS_EMPTY", 3, 1, (flags & kEmptyFlag) ? "1" : "0");
    Add("k", 4, 2, absl::StrCat(LoadLe(img_, 4, 2)));
    Add("unused", 6, 2, absl::StrCat(LoadLe(img_, 6, 2)));
    const uint64_t dim = LoadLe(img_, 8, 4);
    Add("dim", 8, 4, absl::StrCat(dim));
    pos_ = kShortHeader;
    if (flags & kEmptyFlag) return Finish();
    if (!Room(kShortHeader, kLongHeader - kShortHeader)) return Finish();
    const uint64_t retained = LoadLe(img_, 12, 4);
    Add("numRetained", 12, 4, absl::StrCat(retained));
    Add("n", 16, 8, absl::StrCat(LoadLe(img_, 16, 8)));
    pos_ = kLongHeader;
    const uint64_t point = dim * 8;
    uint64_t read = 0;
    for (int h = 0; read < retained; ++h) {
      if (!Room(pos_, 4)) return Finish();
      const uint64_t size = LoadLe(img_, pos_, 4);
      Add(absl::StrCat("level[", h, "].size"), pos_, 4, absl::StrCat(size));
      pos_ += 4;
      for (uint64_t i = 0; i < size; ++i) {
        if (!Room(pos_, point)) return Finish();
        if (Wants(pos_, point)) {
          std::string text;
          for (uint64_t j = 0; j < dim; ++j)
            absl::StrAppend(&text, j ? ", " : "", FormatImageDouble(LoadLeDouble(img_, pos_ + 8 * j)));
          Add(absl::StrCat("level[", h, "][", i, "]"), pos_, static_cast<uint32_t>(point), text);
        }
        pos_ += point;
      }
      read += size;
    }
    return Finish();
  }
};

}  // namespace

std::vector<DecodedField> DecodeDensityImage(std::string_view image) { return Decoder(image).Run(); }

std::vector<DecodedField> DecodeDensityImageRanges(std::string_view image, const std::vector<ByteRange>& ranges) {
  return Decoder(image, ranges).Run();
}

}  // namespace dsconform
