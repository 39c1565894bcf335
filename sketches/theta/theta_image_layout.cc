#include "sketches/theta/theta_image_layout.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/decoded_field_sink.h"
#include "harness/family/image_bytes.h"

namespace dsconform {
namespace {

// The published Theta formats (datasketches-java theta/PreambleUtil.java,
// datasketches-cpp theta/include/theta_sketch_impl.hpp), little-endian.
constexpr uint8_t kCompressedSerVer = 4;
constexpr uint8_t kQuickSelectFamily = 2;
constexpr double kLongMaxAsDouble = 9223372036854775807.0;

enum class RowType { kPreLongs, kRf, kU8, kFamily, kFlags, kFlagBit, kU16Hex, kU32, kF32, kThetaLong, kNumEntries };

// When a row exists: the serial versions it belongs to and the smallest
// preamble (in longs) that holds it.
struct HeaderRow {
  const char* name;
  uint32_t offset;
  uint32_t size;
  RowType type;
  bool v3;
  bool v4;
  uint8_t min_pre_longs = 1;
  uint8_t mask = 0;  // kFlagBit: the bit
};

constexpr HeaderRow kHeaderRows[] = {
    {"preLongs", 0, 1, RowType::kPreLongs, true, true},
    {"rf", 0, 1, RowType::kRf, true, false},
    {"serVer", 1, 1, RowType::kU8, true, true},
    {"family", 2, 1, RowType::kFamily, true, true},
    {"lgNomLongs", 3, 1, RowType::kU8, true, false},
    {"entryBits", 3, 1, RowType::kU8, false, true},
    {"lgArrLongs", 4, 1, RowType::kU8, true, false},
    {"numEntriesBytes", 4, 1, RowType::kU8, false, true},
    {"flags", 5, 1, RowType::kFlags, true, true},
    {"flags.BIG_ENDIAN", 5, 1, RowType::kFlagBit, true, true, 1, 0x01},
    {"flags.READ_ONLY", 5, 1, RowType::kFlagBit, true, true, 1, 0x02},
    {"flags.EMPTY", 5, 1, RowType::kFlagBit, true, true, 1, 0x04},
    {"flags.COMPACT", 5, 1, RowType::kFlagBit, true, true, 1, 0x08},
    {"flags.ORDERED", 5, 1, RowType::kFlagBit, true, true, 1, 0x10},
    {"flags.SINGLE_ITEM", 5, 1, RowType::kFlagBit, true, true, 1, 0x20},
    {"flags.bit6", 5, 1, RowType::kFlagBit, true, true, 1, 0x40},
    {"flags.bit7", 5, 1, RowType::kFlagBit, true, true, 1, 0x80},
    {"seedHash", 6, 2, RowType::kU16Hex, true, true},
    {"curCount", 8, 4, RowType::kU32, true, false, 2},
    {"p", 12, 4, RowType::kF32, true, false, 2},
    {"thetaLong", 16, 8, RowType::kThetaLong, true, false, 3},
    {"unionThetaLong", 24, 8, RowType::kThetaLong, true, false, 4},
    {"thetaLong", 8, 8, RowType::kThetaLong, false, true, 2},
};

const char* FamilyName(uint8_t id) {
  switch (id) {
    case 1: return "ALPHA";
    case 2: return "QUICKSELECT";
    case 3: return "COMPACT";
    case 4: return "UNION";
    case 5: return "INTERSECTION";
    case 6: return "A_NOT_B";
    default: return nullptr;
  }
}

std::string FlagsText(uint8_t flags) {
  std::string names;
  for (const auto& row : kHeaderRows) {
    if (row.type != RowType::kFlagBit || !(flags & row.mask)) continue;
    absl::StrAppend(&names, names.empty() ? "" : "|", row.name + 6);  // past "flags."
  }
  return names.empty() ? absl::StrFormat("0x%02x", flags) : absl::StrFormat("0x%02x (%s)", flags, names);
}

std::string HashText(uint64_t h) {
  return absl::StrFormat("0x%016x (%.17g of 2^63)", h, static_cast<double>(h) / kLongMaxAsDouble);
}

std::string RowValue(const HeaderRow& row, std::string_view img) {
  const uint8_t b = static_cast<uint8_t>(img[row.offset]);
  switch (row.type) {
    case RowType::kPreLongs: return absl::StrCat(b & 0x3f);
    case RowType::kRf: return absl::StrCat("X", 1 << (b >> 6));
    case RowType::kU8: return absl::StrCat(b);
    case RowType::kFamily: {
      const char* n = FamilyName(b);
      return n ? absl::StrCat(b, " (", n, ")") : absl::StrCat(b, " (unknown)");
    }
    case RowType::kFlags: return FlagsText(b);
    case RowType::kFlagBit: return (b & row.mask) ? "true" : "false";
    case RowType::kU16Hex: return absl::StrFormat("0x%04x", LoadLe(img, row.offset, 2));
    case RowType::kU32: return absl::StrCat(LoadLe(img, row.offset, 4));
    case RowType::kF32: {
      const uint32_t bits = static_cast<uint32_t>(LoadLe(img, row.offset, 4));
      float f;
      std::memcpy(&f, &bits, 4);
      return absl::StrFormat("%.9g (0x%08x)", f, bits);
    }
    case RowType::kThetaLong: {
      const uint64_t t = LoadLe(img, row.offset, 8);
      return absl::StrFormat("%d (theta %.17g)", t, static_cast<double>(t) / kLongMaxAsDouble);
    }
    case RowType::kNumEntries: break;
  }
  return "?";
}

using Sink = DecodedFieldSink;

void Truncated(Sink& sink, uint32_t size, uint64_t off, const std::string& what) {
  sink.Add("truncated", off, size - off, absl::StrCat("image ends at byte ", size, " inside ", what));
}

void Undecoded(Sink& sink, uint32_t size, uint64_t off, const std::string& why) {
  if (off < size) sink.Add("undecoded", off, size - off, absl::StrCat(size - off, " bytes: ", why));
}

// serVer 3: `count` 8-byte hashes from `start`; returns the end offset, or 0
// after reporting that the image ends inside them.
uint64_t DecodeEntries(Sink& sink, std::string_view img, uint32_t size, uint64_t start, uint64_t count) {
  const uint64_t fit = start >= size ? 0 : std::min<uint64_t>(count, (size - start) / 8);
  // Only the entries that overlap the wanted range, so a 2^22-slot table is cheap to look into.
  const uint64_t lo = sink.begin() > start ? (sink.begin() - start) / 8 : 0;
  for (uint64_t i = lo; i < fit; ++i) {
    const uint64_t off = start + 8 * i;
    if (!sink.Wants(off, 8)) break;
    const uint64_t h = LoadLe(img, static_cast<uint32_t>(off), 8);
    sink.Add(absl::StrCat("entry[", i, "]"), off, 8, h == 0 ? "EMPTY" : HashText(h));
  }
  if (fit < count) {
    Truncated(sink, size, start + 8 * fit, absl::StrCat("entry[", fit, "] of ", count));
    return 0;
  }
  return start + 8 * count;
}

// serVer 4: numEntries, then the delta-coded hashes as one bit stream.
uint64_t DecodeCompressed(Sink& sink, std::string_view img, uint32_t size, uint64_t start, uint8_t entry_bits,
                          uint8_t num_entries_bytes) {
  if (num_entries_bytes == 0 || num_entries_bytes > 4 || entry_bits == 0 || entry_bits > 64) {
    Undecoded(sink, size, start, absl::StrCat("entryBits ", entry_bits, " / numEntriesBytes ", num_entries_bytes,
                                              " out of range"));
    return 0;
  }
  if (start + num_entries_bytes > size) {
    Truncated(sink, size, start, "numEntries");
    return 0;
  }
  const uint64_t count = LoadLe(img, static_cast<uint32_t>(start), num_entries_bytes);
  sink.Add("numEntries", start, num_entries_bytes, absl::StrCat(count));
  const uint64_t bits_start = 8 * (start + num_entries_bytes);
  const uint64_t end = (bits_start + count * entry_bits + 7) / 8;
  uint64_t previous = 0;
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t first = bits_start + i * entry_bits, last = first + entry_bits;  // [first, last) in bits
    // Nothing from here on is wanted: stop decoding (a differing 16 MiB image is looked into, not read whole).
    if (first / 8 >= sink.end()) return end > size ? 0 : end;
    if ((last + 7) / 8 > size) {
      Truncated(sink, size, first / 8, absl::StrCat("entry[", i, "] of ", count));
      return 0;
    }
    uint64_t delta = 0;
    for (uint64_t bit = first; bit < last; ++bit)
      delta = (delta << 1) | ((static_cast<uint8_t>(img[bit / 8]) >> (7 - bit % 8)) & 1);
    previous += delta;  // every entry before the range still counts towards the ones in it
    const uint64_t at = first / 8, bytes = (last + 7) / 8 - at;
    if (sink.Wants(at, bytes)) sink.Add(absl::StrCat("entry[", i, "]"), at, bytes, HashText(previous));
  }
  return end;
}

std::vector<DecodedField> Decode(std::string_view img, uint32_t begin, uint32_t end) {
  Sink sink(begin, end);
  const uint32_t size = static_cast<uint32_t>(std::min<size_t>(img.size(), std::numeric_limits<uint32_t>::max()));
  if (size == 0) {
    sink.Add("truncated", 0, 0, "empty image");
    return sink.Take();
  }
  auto byte = [&](uint32_t off) -> uint8_t { return off < size ? static_cast<uint8_t>(img[off]) : 0; };
  const uint8_t pre_longs = byte(0) & 0x3f;
  const uint8_t ser_ver = byte(1);
  const bool v4 = ser_ver == kCompressedSerVer;
  if (size > 1 && ser_ver != 3 && !v4) {
    sink.Add("preLongs", 0, 1, absl::StrCat(pre_longs));
    sink.Add("serVer", 1, 1, absl::StrCat(ser_ver));
    Undecoded(sink, size, 2, absl::StrCat("serVer ", ser_ver, " is not 3 or 4"));
    return sink.Take();
  }
  uint64_t header_end = 0;
  for (const auto& row : kHeaderRows) {
    if (!(v4 ? row.v4 : row.v3) || pre_longs < row.min_pre_longs) continue;
    if (row.offset + row.size > size) {
      Truncated(sink, size, row.offset, row.name);
      return sink.Take();
    }
    header_end = std::max<uint64_t>(header_end, row.offset + row.size);
    sink.Add(row.name, row.offset, row.size, RowValue(row, img));
  }
  const uint64_t data_start = 8 * static_cast<uint64_t>(pre_longs);
  if (data_start < header_end || data_start > size) {
    Undecoded(sink, size, header_end, absl::StrCat("preLongs ", pre_longs, " does not fit the image"));
    return sink.Take();
  }
  const uint8_t flags = byte(5);
  const bool empty = (flags & 0x04) != 0;
  uint64_t body_end;
  if (v4) {
    body_end = DecodeCompressed(sink, img, size, data_start, byte(3), byte(4));
  } else if (byte(2) == kQuickSelectFamily) {
    body_end = DecodeEntries(sink, img, size, data_start, uint64_t{1} << std::min<uint8_t>(byte(4), 26));
  } else if (pre_longs == 1) {
    body_end = DecodeEntries(sink, img, size, data_start, empty || size <= 8 ? 0 : 1);
  } else {
    body_end = DecodeEntries(sink, img, size, data_start, LoadLe(img, 8, 4));
  }
  if (body_end != 0) Undecoded(sink, size, body_end, "past the end of the sketch");
  return sink.Take();
}

}  // namespace

std::vector<DecodedField> DecodeThetaImage(std::string_view image) {
  return Decode(image, 0, std::numeric_limits<uint32_t>::max());
}

std::vector<DecodedField> DecodeThetaImageRange(std::string_view image, uint32_t begin, uint32_t end) {
  return Decode(image, begin, end);
}

}  // namespace dsconform
