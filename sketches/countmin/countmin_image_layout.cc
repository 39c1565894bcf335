#include "sketches/countmin/countmin_image_layout.h"

#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"
#include "harness/family/image_cursor.h"

namespace dsconform {
namespace {

constexpr uint8_t kCountminFamilyId = 18;
constexpr uint32_t kHeaderBytes = 16;
constexpr uint32_t kCounterBytes = 8;

// Whether the 8-byte total weight reads as a double's bits rather than an
// integer: the image does not say, and an integer count above 2^52 is not one
// a suite makes, while every double weight of 1 or more has such bits.
bool LooksLikeDouble(uint64_t bits) {
  const int64_t v = static_cast<int64_t>(bits);
  return v > (int64_t{1} << 52) || v < -(int64_t{1} << 52);
}

class Decoder : public ImageCursor {
 public:
  explicit Decoder(std::string_view img) : ImageCursor(img) {}
  Decoder(std::string_view img, const std::vector<ByteRange>& ranges) : ImageCursor(img, ranges) {}

  std::vector<DecodedField> Run() {
    if (!Room(0, 8)) return Finish();
    const uint64_t family = LoadLe(img_, 2, 1), flags = LoadLe(img_, 3, 1);
    Add("preLongs", 0, 1, absl::StrCat(LoadLe(img_, 0, 1)));
    Add("serVer", 1, 1, absl::StrCat(LoadLe(img_, 1, 1)));
    Add("familyId", 2, 1,
        family == kCountminFamilyId ? "18 (count-min)" : absl::StrCat(family, " (not count-min)"));
    Add("flags", 3, 1, absl::StrFormat("0x%02x", flags));
    Add("flags.IS_EMPTY", 3, 1, (flags & 1) ? "1" : "0");
    if (flags & 0xfe) Add("flags.bits1-7", 3, 1, absl::StrFormat("0x%02x", flags & 0xfe));
    Add("unused32", 4, 4, absl::StrCat(LoadLe(img_, 4, 4)));
    pos_ = 8;
    if (!Room(8, 8)) return Finish();
    const uint64_t buckets = LoadLe(img_, 8, 4), hashes = LoadLe(img_, 12, 1);
    Add("numBuckets", 8, 4, absl::StrCat(buckets));
    Add("numHashes", 12, 1, absl::StrCat(hashes));
    Add("seedHash", 13, 2, absl::StrFormat("0x%04x", LoadLe(img_, 13, 2)));
    Add("unused8", 15, 1, absl::StrCat(LoadLe(img_, 15, 1)));
    pos_ = kHeaderBytes;
    if (flags & 1) return Finish();
    if (!Room(pos_, kCounterBytes)) return Finish();
    as_double_ = LooksLikeDouble(LoadLe(img_, pos_, kCounterBytes));
    Counter("totalWeight", pos_);
    pos_ += kCounterBytes;
    // A range decode names only the counters in its ranges.
    FixedFields(buckets * hashes, kCounterBytes, [&](uint64_t i, uint32_t at) {
      Counter(absl::StrCat("counter[", i / buckets, "][", i % buckets, "]"), at);
    });
    return Finish();
  }

 private:
  void Counter(std::string name, uint32_t off) {
    const uint64_t bits = LoadLe(img_, off, kCounterBytes);
    Add(std::move(name), off, kCounterBytes,
        as_double_ ? FormatImageDouble(LoadLeDouble(img_, off)) : absl::StrCat(static_cast<int64_t>(bits)));
  }

  bool as_double_ = false;
};

}  // namespace

std::vector<DecodedField> DecodeCountminImage(std::string_view image) { return Decoder(image).Run(); }

std::vector<DecodedField> DecodeCountminImageRanges(std::string_view image, const std::vector<ByteRange>& ranges) {
  return Decoder(image, ranges).Run();
}

}  // namespace dsconform
