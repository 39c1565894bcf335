#include "sketches/kll/kll_image_layout.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"
#include "harness/family/image_cursor.h"

namespace dsconform {
namespace {

constexpr uint8_t kKllFamilyId = 15;
constexpr uint32_t kShortDataStart = 8;  // empty and single-item images
constexpr uint32_t kFullDataStart = 20;

enum class RowType { kU8, kU16, kU64, kFamily, kFlags, kFlagBit };

struct HeaderRow {
  const char* name;
  uint32_t offset;
  uint32_t size;
  RowType type;
  bool full_only;    // only in preInts-5 images
  uint8_t mask = 0;  // kFlagBit
};

constexpr HeaderRow kHeaderRows[] = {
    {"preInts", 0, 1, RowType::kU8, false},
    {"serVer", 1, 1, RowType::kU8, false},
    {"family", 2, 1, RowType::kFamily, false},
    {"flags", 3, 1, RowType::kFlags, false},
    {"flags.EMPTY", 3, 1, RowType::kFlagBit, false, 0x01},
    {"flags.LEVEL_ZERO_SORTED", 3, 1, RowType::kFlagBit, false, 0x02},
    {"flags.SINGLE_ITEM", 3, 1, RowType::kFlagBit, false, 0x04},
    {"flags.bits3-7", 3, 1, RowType::kFlagBit, false, 0xf8},
    {"k", 4, 2, RowType::kU16, false},
    {"m", 6, 1, RowType::kU8, false},
    {"unused", 7, 1, RowType::kU8, false},
    {"n", 8, 8, RowType::kU64, true},
    {"minK", 16, 2, RowType::kU16, true},
    {"numLevels", 18, 1, RowType::kU8, true},
    {"unused2", 19, 1, RowType::kU8, true},
};

std::string HeaderValue(std::string_view img, const HeaderRow& row) {
  const uint64_t v = LoadLe(img, row.offset, row.size);
  switch (row.type) {
    case RowType::kFamily: return v == kKllFamilyId ? "15 (KLL)" : absl::StrCat(v, " (not KLL)");
    case RowType::kFlags: return absl::StrFormat("0x%02x", v);
    case RowType::kFlagBit: return (v & row.mask) ? (row.mask == 0xf8 ? absl::StrFormat("0x%02x", v & row.mask) : "1") : "0";
    default: return absl::StrCat(v);
  }
}

// One fixed-width item: 8 bytes are a double or a long (the image cannot say
// which), 4 bytes a float.
std::string FixedItem(std::string_view img, uint32_t off, uint32_t width) {
  const uint64_t bits = LoadLe(img, off, width);
  if (width == 4) {
    float f;
    const uint32_t b32 = static_cast<uint32_t>(bits);
    std::memcpy(&f, &b32, 4);
    return FormatImageDouble(f);
  }
  double d;
  std::memcpy(&d, &bits, 8);
  return absl::StrCat(FormatImageDouble(d), " | ", static_cast<int64_t>(bits));
}

// The width of fixed-size items that makes `bytes` hold exactly `count`
// items, 8 preferred; 0 when neither 8 nor 4 fits (string items).
uint32_t FixedWidth(uint64_t bytes, uint64_t count) {
  if (count == 0) return 0;
  if (bytes == 8 * count) return 8;
  if (bytes == 4 * count) return 4;
  return 0;
}

// Decodes the fields that overlap [begin, end) (all of them when whole), and
// formats only those: the differ asks for a few ranges of large images, one
// call per range.
class Decoder : public ImageCursor {
 public:
  explicit Decoder(std::string_view img) : ImageCursor(img) {}
  Decoder(std::string_view img, const std::vector<ByteRange>& ranges) : ImageCursor(img, ranges) {}

  std::vector<DecodedField> Run() {
    const bool full = img_.size() > 0 && static_cast<unsigned char>(img_[0]) == 5;
    for (const HeaderRow& row : kHeaderRows) {
      if (row.full_only && !full) continue;
      if (!Room(row.offset, row.size)) return Finish();
      Add(row.name, row.offset, row.size, HeaderValue(img_, row));
    }
    const uint8_t flags = static_cast<uint8_t>(img_[3]);
    const uint16_t k = static_cast<uint16_t>(LoadLe(img_, 4, 2));
    const uint8_t m = static_cast<uint8_t>(img_[6]);
    if (!full) {
      pos_ = kShortDataStart;
      if (flags & 0x01) return Finish();  // empty: nothing more
      DecodeItems(pos_, 1, FixedWidth(img_.size() - pos_, 1));
      return Finish();
    }
    const uint8_t num_levels = static_cast<uint8_t>(img_[18]);
    pos_ = kFullDataStart;
    std::vector<uint32_t> levels;
    for (uint8_t i = 0; i < num_levels; ++i) {
      if (!Room(pos_, 4)) return Finish();
      levels.push_back(static_cast<uint32_t>(LoadLe(img_, pos_, 4)));
      Add(absl::StrCat("level[", static_cast<int>(i), "]"), pos_, 4, absl::StrCat(levels.back()));
      pos_ += 4;
    }
    // A plausible header only: a damaged one would make the capacity loop long or meaningless.
    if (num_levels == 0 || num_levels > 61 || k < 8 || m < 2) {
      Add("undecoded", pos_, static_cast<uint32_t>(img_.size() - pos_), absl::StrCat(img_.size() - pos_, " bytes"));
      return fields_;
    }
    const uint32_t capacity = KllTotalCapacity(k, m, num_levels);
    Add("capacity(implied)", pos_, 0, absl::StrCat(capacity));
    const uint64_t retained = capacity >= levels[0] ? capacity - levels[0] : 0;
    DecodeItems(pos_, retained, FixedWidth(img_.size() - pos_, retained + 2), /*with_min_max=*/true);
    return Finish();
  }

 private:
  void DecodeItems(uint32_t pos, uint64_t count, uint32_t width, bool with_min_max = false) {
    pos_ = pos;
    const uint64_t total = count + (with_min_max ? 2 : 0);
    auto name = [&](uint64_t i) {
      return !with_min_max ? absl::StrCat("item[", i, "]")
             : i == 0      ? std::string("min")
             : i == 1      ? std::string("max")
                           : absl::StrCat("item[", i - 2, "]");
    };
    if (width != 0) {
      FixedFields(total, width, [&](uint64_t i, uint32_t at) { Add(name(i), at, width, FixedItem(img_, at, width)); });
      return;
    }
    for (uint64_t i = 0; i < total && !PastRange(); ++i) {
      if (!Room(pos_, 4)) return;
      const uint32_t len = static_cast<uint32_t>(LoadLe(img_, pos_, 4));
      if (!Room(pos_, 4 + static_cast<uint64_t>(len))) return;
      if (Wants(pos_, 4 + uint64_t{len}))
        Add(name(i), pos_, 4 + len,
            absl::StrCat("\"", absl::CHexEscape(absl::string_view(img_.data() + pos_ + 4, len)), "\""));
      pos_ += 4 + len;
    }
  }
};

uint64_t PowerOfThree(int d) {
  uint64_t p = 1;
  for (int i = 0; i < d; ++i) p *= 3;
  return p;
}

uint16_t IntCapAuxAux(uint16_t k, uint8_t depth) {
  const uint64_t twok = static_cast<uint64_t>(k) << 1;  // pre-multiplied by 2 for rounding
  const uint64_t tmp = (twok << depth) / PowerOfThree(depth);
  return static_cast<uint16_t>((tmp + 1) >> 1);
}

uint16_t IntCapAux(uint16_t k, uint8_t depth) {
  if (depth <= 30) return IntCapAuxAux(k, depth);
  const uint8_t half = depth / 2;
  return IntCapAuxAux(IntCapAuxAux(k, half), depth - half);
}

}  // namespace

uint32_t KllTotalCapacity(uint16_t k, uint8_t m, uint8_t num_levels) {
  uint32_t total = 0;
  for (uint8_t h = 0; h < num_levels; ++h)
    total += std::max<uint16_t>(m, IntCapAux(k, static_cast<uint8_t>(num_levels - h - 1)));
  return total;
}

std::vector<DecodedField> DecodeKllImage(std::string_view image) { return Decoder(image).Run(); }

std::vector<DecodedField> DecodeKllImageRanges(std::string_view image, const std::vector<ByteRange>& ranges) {
  return Decoder(image, ranges).Run();
}

}  // namespace dsconform
