#include "sketches/tdigest/tdigest_image_layout.h"

#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"
#include "harness/family/image_cursor.h"

namespace dsconform {
namespace {

constexpr uint8_t kTdigestType = 20;
constexpr uint32_t kHeaderBytes = 8;
constexpr uint32_t kMultipleHeaderBytes = 16;

class Decoder : public ImageCursor {
 public:
  explicit Decoder(std::string_view img) : ImageCursor(img) {}
  Decoder(std::string_view img, const std::vector<ByteRange>& ranges) : ImageCursor(img, ranges) {}

  std::vector<DecodedField> Run() {
    if (!Room(0, kHeaderBytes)) return Finish();
    const uint64_t pre = LoadLe(img_, 0, 1), type = LoadLe(img_, 2, 1), flags = LoadLe(img_, 5, 1);
    Add("preLongs", 0, 1, absl::StrCat(pre));
    Add("serVer", 1, 1, absl::StrCat(LoadLe(img_, 1, 1)));
    Add("type", 2, 1, type == kTdigestType ? "20 (t-digest)" : absl::StrCat(type, " (not t-digest)"));
    Add("k", 3, 2, absl::StrCat(LoadLe(img_, 3, 2)));
    Add("flags", 5, 1, absl::StrFormat("0x%02x", flags));
    Add("flags.IS_EMPTY", 5, 1, (flags & 1) ? "1" : "0");
    Add("flags.IS_SINGLE_VALUE", 5, 1, (flags & 2) ? "1" : "0");
    Add("flags.REVERSE_MERGE", 5, 1, (flags & 4) ? "1" : "0");
    if (flags & 0xf8) Add("flags.bits3-7", 5, 1, absl::StrFormat("0x%02x", flags & 0xf8));
    Add("unused", 6, 2, absl::StrCat(LoadLe(img_, 6, 2)));
    pos_ = kHeaderBytes;
    if (flags & 1) return Finish();
    if (flags & 2) {
      const uint32_t width = img_.size() - kHeaderBytes == 4 ? 4 : 8;
      if (Room(pos_, width)) Value("value", width);
      return Finish();
    }
    if (!Room(pos_, 8)) return Finish();
    const uint64_t nc = LoadLe(img_, 8, 4), nb = LoadLe(img_, 12, 4);
    Add("numCentroids", 8, 4, absl::StrCat(nc));
    Add("numBuffered", 12, 4, absl::StrCat(nb));
    pos_ = kMultipleHeaderBytes;
    // size = 16 + width * (2 + nb + 2 * nc): a centroid is a mean and a weight of the value's width.
    const uint64_t words = 2 + nb + 2 * nc;
    const uint32_t width = img_.size() - kMultipleHeaderBytes == 4 * words ? 4 : 8;
    if (!Room(pos_, width)) return Finish();
    Value("min", width);
    if (!Room(pos_, width)) return Finish();
    Value("max", width);
    const bool centroids_fit = FixedFields(nc, 2 * width, [&](uint64_t i, uint32_t at) {
      ValueAt(absl::StrCat("centroid[", i, "].mean"), at, width);
      Add(absl::StrCat("centroid[", i, "].weight"), at + width, width, absl::StrCat(LoadLe(img_, at + width, width)));
    });
    if (!centroids_fit) return Finish();
    FixedFields(nb, width, [&](uint64_t i, uint32_t at) { ValueAt(absl::StrCat("buffer[", i, "]"), at, width); });
    return Finish();
  }

 private:
  // A double or float at pos_, advancing past it.
  void Value(std::string name, uint32_t width) {
    ValueAt(std::move(name), pos_, width);
    pos_ += width;
  }

  // A double or float at `at`.
  void ValueAt(std::string name, uint32_t at, uint32_t width) {
    const uint64_t bits = LoadLe(img_, at, width);
    double d;
    if (width == 4) {
      float f;
      const uint32_t b32 = static_cast<uint32_t>(bits);
      std::memcpy(&f, &b32, 4);
      d = f;
    } else {
      std::memcpy(&d, &bits, 8);
    }
    Add(std::move(name), at, width, FormatImageDouble(d));
  }
};

}  // namespace

std::vector<DecodedField> DecodeTdigestImage(std::string_view image) { return Decoder(image).Run(); }

std::vector<DecodedField> DecodeTdigestImageRanges(std::string_view image, const std::vector<ByteRange>& ranges) {
  return Decoder(image, ranges).Run();
}

}  // namespace dsconform
