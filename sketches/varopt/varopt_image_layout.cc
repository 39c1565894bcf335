#include "sketches/varopt/varopt_image_layout.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"
#include "harness/family/image_cursor.h"

namespace dsconform {
namespace {

constexpr uint8_t kSketchFamilyId = 13;
constexpr uint8_t kUnionFamilyId = 14;
constexpr uint8_t kEmptyFlag = 4;
constexpr uint8_t kGadgetFlag = 128;

class Decoder : public ImageCursor {
 public:
  explicit Decoder(std::string_view img) : ImageCursor(img) {}
  Decoder(std::string_view img, const std::vector<ByteRange>& ranges) : ImageCursor(img, ranges) {}

  std::vector<DecodedField> Run() {
    Sketch(0, "");
    return Finish();
  }

 private:
  // Reads one image (a union's gadget is a sketch image inside it) at `at`, its fields named under `prefix`.
  void Sketch(uint32_t at, const std::string& prefix) {
    if (!Room(at, 8)) return;
    const uint64_t first = LoadLe(img_, at, 1), family = LoadLe(img_, at + 2, 1), flags = LoadLe(img_, at + 3, 1);
    const uint64_t pre_longs = first & 0x3f;
    Add(prefix + "preLongs", at, 1, absl::StrCat(pre_longs));
    Add(prefix + "resizeFactor", at, 1, absl::StrCat("X", 1 << (first >> 6)));
    Add(prefix + "serVer", at + 1, 1, absl::StrCat(LoadLe(img_, at + 1, 1)));
    Add(prefix + "familyId", at + 2, 1,
        family == kSketchFamilyId  ? "13 (varopt sketch)"
        : family == kUnionFamilyId ? "14 (varopt union)"
                                   : absl::StrCat(family, " (not varopt)"));
    Add(prefix + "flags", at + 3, 1, absl::StrFormat("0x%02x", flags));
    Add(prefix + "flags.EMPTY", at + 3, 1, (flags & kEmptyFlag) ? "1" : "0");
    Add(prefix + "flags.GADGET", at + 3, 1, (flags & kGadgetFlag) ? "1" : "0");
    Add(prefix + (family == kUnionFamilyId ? "maxK" : "k"), at + 4, 4, absl::StrCat(LoadLe(img_, at + 4, 4)));
    pos_ = at + 8;
    if (pre_longs <= 1 || (flags & kEmptyFlag)) return;
    if (!Room(at + 8, 8)) return;
    Add(prefix + "n", at + 8, 8, absl::StrCat(LoadLe(img_, at + 8, 8)));
    pos_ = at + 16;
    if (family == kUnionFamilyId) {
      if (!Room(at + 16, 16)) return;
      Add(prefix + "outerTauNumer", at + 16, 8, FormatImageDouble(LoadLeDouble(img_, at + 16)));
      Add(prefix + "outerTauDenom", at + 24, 8, absl::StrCat(LoadLe(img_, at + 24, 8)));
      pos_ = at + 32;
      Sketch(at + 32, prefix + "gadget.");
      return;
    }
    if (!Room(at + 16, 8)) return;
    const uint64_t h = LoadLe(img_, at + 16, 4), r = LoadLe(img_, at + 20, 4);
    Add(prefix + "h", at + 16, 4, absl::StrCat(h));
    Add(prefix + "r", at + 20, 4, absl::StrCat(r));
    pos_ = at + 24;
    if (pre_longs >= 4) {
      if (!Room(pos_, 8)) return;
      Add(prefix + "totalWtR", pos_, 8, FormatImageDouble(LoadLeDouble(img_, pos_)));
      pos_ += 8;
    }
    for (uint64_t i = 0; i < h; ++i) {
      if (PastRange()) return;
      if (!Room(pos_, 8)) return;
      Add(absl::StrCat(prefix, "weight[", i, "]"), pos_, 8, FormatImageDouble(LoadLeDouble(img_, pos_)));
      pos_ += 8;
    }
    if (flags & kGadgetFlag) {
      const uint64_t bytes = (h + 7) / 8;
      if (!Room(pos_, bytes)) return;
      if (bytes > 0) Add(prefix + "marks", pos_, static_cast<uint32_t>(bytes), absl::StrCat(bytes, " bytes"));
      pos_ += static_cast<uint32_t>(bytes);
    }
    // The items (h then r of them) in the serde's format, which the image does not name.
    if (pos_ < img_.size()) {
      Add(prefix + "items", pos_, static_cast<uint32_t>(img_.size() - pos_),
          absl::StrCat(h + r, " items, ", img_.size() - pos_, " bytes"));
      pos_ = static_cast<uint32_t>(img_.size());
    }
  }
};

}  // namespace

std::vector<DecodedField> DecodeVaroptImage(std::string_view image) { return Decoder(image).Run(); }

std::vector<DecodedField> DecodeVaroptImageRanges(std::string_view image, const std::vector<ByteRange>& ranges) {
  return Decoder(image, ranges).Run();
}

}  // namespace dsconform
