#include "sketches/fi/fi_image_layout.h"

#include <string>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"
#include "harness/family/image_cursor.h"

namespace dsconform {
namespace {

constexpr uint8_t kFiFamilyId = 10;
constexpr uint32_t kEmptyBytes = 8;
constexpr uint32_t kFullPreamble = 32;

enum class RowType { kU8, kU16, kU32, kU64, kFamily, kFlags, kFlagBit };

struct HeaderRow {
  const char* name;
  uint32_t offset;
  uint32_t size;
  RowType type;
  bool full_only;    // only in preLongs-4 images
  uint8_t mask = 0;  // kFlagBit
};

// Both libraries set two bits for an empty sketch (C++ IS_EMPTY_1 and IS_EMPTY_2,
// Java EMPTY_FLAG_MASK 5) and read either as empty.
constexpr HeaderRow kHeaderRows[] = {
    {"preLongs", 0, 1, RowType::kU8, false},
    {"serVer", 1, 1, RowType::kU8, false},
    {"family", 2, 1, RowType::kFamily, false},
    {"lgMaxMapSize", 3, 1, RowType::kU8, false},
    {"lgCurMapSize", 4, 1, RowType::kU8, false},
    {"flags", 5, 1, RowType::kFlags, false},
    {"flags.EMPTY_1", 5, 1, RowType::kFlagBit, false, 0x01},
    {"flags.EMPTY_2", 5, 1, RowType::kFlagBit, false, 0x04},
    {"flags.other", 5, 1, RowType::kFlagBit, false, 0xfa},
    {"unused", 6, 2, RowType::kU16, false},
    {"activeItems", 8, 4, RowType::kU32, true},
    {"unused2", 12, 4, RowType::kU32, true},
    {"streamWeight", 16, 8, RowType::kU64, true},
    {"offset", 24, 8, RowType::kU64, true},
};

std::string HeaderValue(std::string_view img, const HeaderRow& row) {
  const uint64_t v = LoadLe(img, row.offset, row.size);
  switch (row.type) {
    case RowType::kFamily: return v == kFiFamilyId ? "10 (Frequent items)" : absl::StrCat(v, " (not Frequent items)");
    case RowType::kFlags: return absl::StrFormat("0x%02x", v);
    case RowType::kFlagBit: return (v & row.mask) ? (row.mask == 0xfa ? absl::StrFormat("0x%02x", v & row.mask) : "1") : "0";
    default: return absl::StrCat(v);
  }
}

// UTF-16LE code units as text for people: ASCII as is, the rest as \uXXXX.
std::string Utf16Text(std::string_view bytes) {
  std::string out;
  for (size_t i = 0; i + 1 < bytes.size(); i += 2) {
    const uint32_t u = static_cast<uint8_t>(bytes[i]) | (static_cast<uint32_t>(static_cast<uint8_t>(bytes[i + 1])) << 8);
    if (u >= 0x20 && u < 0x7f && u != '"' && u != '\\') out.push_back(static_cast<char>(u));
    else absl::StrAppend(&out, absl::StrFormat("\\u%04x", u));
  }
  return out;
}

// Whether `count` strings of a u32 length and length*unit bytes fill img[pos..] exactly.
bool StringsFill(std::string_view img, uint64_t pos, uint64_t count, uint64_t unit) {
  for (uint64_t i = 0; i < count; ++i) {
    if (pos + 4 > img.size()) return false;
    pos += 4 + unit * LoadLe(img, static_cast<uint32_t>(pos), 4);
  }
  return pos == img.size();
}

// Decodes the fields that overlap [begin, end) (all of them when whole), and
// formats only those: the differ asks for a few ranges of images with
// millions of items, one call per range.
class Decoder : public ImageCursor {
 public:
  explicit Decoder(std::string_view img) : ImageCursor(img) {}
  Decoder(std::string_view img, const std::vector<ByteRange>& ranges) : ImageCursor(img, ranges) {}

  std::vector<DecodedField> Run() {
    const bool full = !img_.empty() && static_cast<unsigned char>(img_[0]) == 4;
    for (const HeaderRow& row : kHeaderRows) {
      if (row.full_only && !full) continue;
      if (!Room(row.offset, row.size)) return Finish();
      Add(row.name, row.offset, row.size, HeaderValue(img_, row));
    }
    pos_ = full ? kFullPreamble : kEmptyBytes;
    if (!full) return Finish();
    const uint64_t active = LoadLe(img_, 8, 4);
    const bool weights_fit = FixedFields(active, 8, [&](uint64_t i, uint32_t at) {
      Add(absl::StrCat("weight[", i, "]"), at, 8, absl::StrCat(LoadLe(img_, at, 8)));
    });
    if (!weights_fit) return Finish();
    const uint64_t rest = img_.size() - pos_;
    if (rest == 8 * active) {
      FixedFields(active, 8, [&](uint64_t i, uint32_t at) {
        Add(absl::StrCat("item[", i, "]"), at, 8, absl::StrCat(static_cast<int64_t>(LoadLe(img_, at, 8))));
      });
      return Finish();
    }
    // UTF-8 first: a UTF-16 image fills exactly as UTF-8 only by coincidence of its lengths.
    const uint64_t unit = StringsFill(img_, pos_, active, 1) ? 1 : StringsFill(img_, pos_, active, 2) ? 2 : 1;
    for (uint64_t i = 0; i < active && !PastRange(); ++i) {
      if (!Room(pos_, 4)) return Finish();
      const uint64_t len = LoadLe(img_, pos_, 4);
      if (!Room(pos_, 4 + unit * len)) return Finish();
      const std::string_view bytes(img_.data() + pos_ + 4, unit * len);
      if (Wants(pos_, 4 + unit * len))
        Add(absl::StrCat("item[", i, "]"), pos_, static_cast<uint32_t>(4 + unit * len),
            unit == 1 ? absl::StrCat("\"", absl::CHexEscape(absl::string_view(bytes.data(), bytes.size())), "\"")
                      : absl::StrCat("utf16 \"", Utf16Text(bytes), "\""));
      pos_ += static_cast<uint32_t>(4 + unit * len);
    }
    return Finish();
  }
};

}  // namespace

std::vector<DecodedField> DecodeFiImage(std::string_view image) { return Decoder(image).Run(); }

std::vector<DecodedField> DecodeFiImageRanges(std::string_view image, const std::vector<ByteRange>& ranges) {
  return Decoder(image, ranges).Run();
}

}  // namespace dsconform
