#include "sketches/bloom/bloom_image_layout.h"

#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/image_bytes.h"

namespace dsconform {
namespace {

constexpr uint8_t kBloomFamilyId = 21;
constexpr uint32_t kHeaderBytes = 24;
constexpr uint32_t kBitsOffset = 32;
constexpr uint8_t kEmptyFlag = 4;

void Add(std::vector<DecodedField>& out, bool whole, uint32_t begin, uint32_t end, std::string name, uint32_t offset,
         uint32_t size, std::string value) {
  if (whole || (offset < end && offset + size > begin)) out.push_back({std::move(name), offset, size, std::move(value)});
}

// Whether `img` starts as a Bloom filter image does (serVer 1, familyId 21); else it is
// read as the answers of a query over items (query_items, query_and_update).
bool LooksLikeImage(std::string_view img) {
  return img.size() >= 3 && LoadLe(img, 1, 1) == 1 && LoadLe(img, 2, 1) == kBloomFamilyId;
}

// An answers bitmap: byte b holds the answers of items 8b..8b+7, item 8b in its lowest bit.
std::vector<DecodedField> DecodeAnswers(std::string_view img, bool whole, uint32_t begin, uint32_t end) {
  std::vector<DecodedField> out;
  const uint32_t first = whole ? 0 : begin, last = whole ? static_cast<uint32_t>(img.size()) : std::min<uint32_t>(end, static_cast<uint32_t>(img.size()));
  for (uint32_t b = first; b < last; ++b) {
    const uint64_t byte = LoadLe(img, b, 1);
    std::string bits;
    for (int i = 0; i < 8; ++i) bits.push_back((byte >> i) & 1 ? '1' : '0');
    out.push_back({absl::StrCat("items[", 8 * b, "..", 8 * b + 7, "]"), b, 1, bits});
  }
  return out;
}

std::vector<DecodedField> Decode(std::string_view img, bool whole, uint32_t begin, uint32_t end) {
  if (!LooksLikeImage(img)) return DecodeAnswers(img, whole, begin, end);
  std::vector<DecodedField> out;
  auto add = [&](std::string name, uint32_t offset, uint32_t size, std::string value) {
    Add(out, whole, begin, end, std::move(name), offset, size, std::move(value));
  };
  auto truncated = [&](uint32_t off, uint32_t need) {
    // The image ends inside the part at `off`, or just before it (then a field of no bytes says so).
    const uint32_t have = off < img.size() ? static_cast<uint32_t>(img.size() - off) : 0;
    add("truncated", std::min<uint32_t>(off, static_cast<uint32_t>(img.size())), have,
        absl::StrCat(have, " of ", need, " bytes"));
    return out;
  };
  if (img.size() < kHeaderBytes) return truncated(0, kHeaderBytes);
  const uint64_t family = LoadLe(img, 2, 1), flags = LoadLe(img, 3, 1);
  add("preLongs", 0, 1, absl::StrCat(LoadLe(img, 0, 1)));
  add("serVer", 1, 1, absl::StrCat(LoadLe(img, 1, 1)));
  add("familyId", 2, 1, family == kBloomFamilyId ? "21 (Bloom filter)" : absl::StrCat(family, " (not a Bloom filter)"));
  add("flags", 3, 1, absl::StrFormat("0x%02x", flags));
  add("flags.IS_EMPTY", 3, 1, (flags & kEmptyFlag) ? "1" : "0");
  if (flags & ~kEmptyFlag) add("flags.other", 3, 1, absl::StrFormat("0x%02x", flags & ~kEmptyFlag));
  add("numHashes", 4, 2, absl::StrCat(LoadLe(img, 4, 2)));
  add("unused", 6, 2, absl::StrCat(LoadLe(img, 6, 2)));
  add("seed", 8, 8, absl::StrCat(static_cast<int64_t>(LoadLe(img, 8, 8))));
  const uint64_t num_longs = LoadLe(img, 16, 4);
  add("numLongs", 16, 4, absl::StrCat(num_longs, " (", num_longs * 64, " bits)"));
  add("unused", 20, 4, absl::StrCat(LoadLe(img, 20, 4)));
  if (img.size() == kHeaderBytes) return out;
  if (img.size() < kBitsOffset) return truncated(kHeaderBytes, 8);
  const uint64_t set = LoadLe(img, 24, 8);
  add("numBitsSet", 24, 8, set == ~uint64_t{0} ? "dirty (all ones: not counted)" : absl::StrCat(set));
  // Only the words that overlap [begin, end) when decoding a range: an image may hold millions.
  const uint64_t words_present = (img.size() - kBitsOffset) / 8;
  const uint64_t words = std::min(num_longs, words_present);
  uint64_t first = 0, last = words;
  if (!whole) {
    first = begin <= kBitsOffset ? 0 : (begin - kBitsOffset) / 8;
    last = end <= kBitsOffset ? 0 : std::min<uint64_t>(words, (end - kBitsOffset + 7) / 8);
  }
  for (uint64_t i = first; i < last; ++i) {
    const uint32_t off = static_cast<uint32_t>(kBitsOffset + 8 * i);
    const uint64_t w = LoadLe(img, off, 8);
    add(absl::StrCat("bits[", i, "]"), off, 8, absl::StrFormat("0x%016x (%d set)", w, __builtin_popcountll(w)));
  }
  const uint64_t decoded_end = kBitsOffset + 8 * words;
  if (num_longs > words_present) return truncated(static_cast<uint32_t>(decoded_end), static_cast<uint32_t>(8 * (num_longs - words)));
  if (decoded_end < img.size())
    add("undecoded", static_cast<uint32_t>(decoded_end), static_cast<uint32_t>(img.size() - decoded_end),
        absl::StrCat(img.size() - decoded_end, " bytes"));
  return out;
}

}  // namespace

std::vector<DecodedField> DecodeBloomImage(std::string_view image) { return Decode(image, true, 0, 0); }

std::vector<DecodedField> DecodeBloomImageRange(std::string_view image, uint32_t begin, uint32_t end) {
  return Decode(image, false, begin, end);
}

BloomImageHeader ReadBloomImageHeader(std::string_view image) {
  BloomImageHeader h;
  if (image.size() < kHeaderBytes) return h;
  h.complete = true;
  h.pre_longs = static_cast<uint32_t>(LoadLe(image, 0, 1));
  h.empty_flag = (LoadLe(image, 3, 1) & kEmptyFlag) != 0;
  h.num_longs = LoadLe(image, 16, 4);
  if (image.size() >= kBitsOffset) {
    h.has_bits = true;
    h.num_bits_set = LoadLe(image, 24, 8);
    h.dirty = h.num_bits_set == ~uint64_t{0};
  }
  return h;
}

uint64_t BloomImagePopcount(std::string_view image) {
  uint64_t n = 0;
  for (uint64_t off = kBitsOffset; off + 8 <= image.size(); off += 8) n += __builtin_popcountll(LoadLe(image, static_cast<uint32_t>(off), 8));
  return n;
}

}  // namespace dsconform
