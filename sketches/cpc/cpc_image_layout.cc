#include "sketches/cpc/cpc_image_layout.h"

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

// The published serVer-1 CPC format (datasketches-java cpc/PreambleUtil.java,
// datasketches-cpp cpc/include/cpc_sketch_impl.hpp), little-endian.
constexpr uint8_t kSerVer = 1;
constexpr uint8_t kCpcFamilyId = 16;
constexpr uint32_t kHeaderBytes = 8;
constexpr uint8_t kHasHip = 1u << 2, kHasTable = 1u << 3, kHasWindow = 1u << 4;

enum class RowType { kU8, kU16Hex, kU32, kF64, kFamily, kFlags, kFlagBit };

struct HeaderRow {
  const char* name;
  uint32_t offset;
  uint32_t size;
  RowType type;
  uint8_t mask = 0;  // kFlagBit: the bit
};

// The first 8 bytes, the same in every image.
constexpr HeaderRow kHeaderRows[] = {
    {"preInts", 0, 1, RowType::kU8},
    {"serVer", 1, 1, RowType::kU8},
    {"family", 2, 1, RowType::kFamily},
    {"lgK", 3, 1, RowType::kU8},
    {"firstInterestingColumn", 4, 1, RowType::kU8},
    {"flags", 5, 1, RowType::kFlags},
    {"flags.BIG_ENDIAN", 5, 1, RowType::kFlagBit, 0x01},  // Java: RESERVED; written 0 by both
    {"flags.COMPRESSED", 5, 1, RowType::kFlagBit, 0x02},
    {"flags.HAS_HIP", 5, 1, RowType::kFlagBit, kHasHip},
    {"flags.HAS_TABLE", 5, 1, RowType::kFlagBit, kHasTable},  // Java: SUP_VAL (surprising values)
    {"flags.HAS_WINDOW", 5, 1, RowType::kFlagBit, kHasWindow},
    {"flags.bit5", 5, 1, RowType::kFlagBit, 0x20},
    {"flags.bit6", 5, 1, RowType::kFlagBit, 0x40},
    {"flags.bit7", 5, 1, RowType::kFlagBit, 0x80},
    {"seedHash", 6, 2, RowType::kU16Hex},
};

// The fields after the first 8 bytes, in the order they are written; each
// exists when the image's table/window/HIP flags satisfy `when`.
enum class When { kAlways, kBoth, kBothWithHip, kTable, kWindow, kHipNotBoth };
struct BodyRow {
  const char* name;
  uint32_t size;
  RowType type;
  When when;
};
constexpr BodyRow kBodyRows[] = {
    {"numCoupons", 4, RowType::kU32, When::kAlways},
    {"numSv", 4, RowType::kU32, When::kBoth},  // with a window, the table holds only surprising values
    {"kxp", 8, RowType::kF64, When::kBothWithHip},
    {"hipEstAccum", 8, RowType::kF64, When::kBothWithHip},
    {"tableLengthInts", 4, RowType::kU32, When::kTable},
    {"windowLengthInts", 4, RowType::kU32, When::kWindow},
    {"kxp", 8, RowType::kF64, When::kHipNotBoth},
    {"hipEstAccum", 8, RowType::kF64, When::kHipNotBoth},
};

bool Holds(When when, uint8_t flags) {
  const bool hip = flags & kHasHip, table = flags & kHasTable, window = flags & kHasWindow;
  switch (when) {
    case When::kAlways: return true;
    case When::kBoth: return table && window;
    case When::kBothWithHip: return table && window && hip;
    case When::kTable: return table;
    case When::kWindow: return window;
    case When::kHipNotBoth: return hip && !(table && window);
  }
  return false;
}

std::string FlagsText(uint8_t flags) {
  std::string names;
  for (const auto& row : kHeaderRows) {
    if (row.type != RowType::kFlagBit || !(flags & row.mask)) continue;
    absl::StrAppend(&names, names.empty() ? "" : "|", row.name + 6);  // past "flags."
  }
  return names.empty() ? absl::StrFormat("0x%02x", flags) : absl::StrFormat("0x%02x (%s)", flags, names);
}

std::string Value(RowType type, std::string_view img, uint32_t off, uint32_t size, uint8_t mask) {
  const uint64_t v = LoadLe(img, off, size);
  switch (type) {
    case RowType::kU8:
    case RowType::kU32: return absl::StrCat(v);
    case RowType::kU16Hex: return absl::StrFormat("0x%04x", v);
    case RowType::kF64: {
      double d;
      std::memcpy(&d, &v, 8);
      return FormatImageDouble(d);
    }
    case RowType::kFamily: return v == kCpcFamilyId ? "16" : absl::StrCat(v, " (CPC is 16)");
    case RowType::kFlags: return FlagsText(static_cast<uint8_t>(v));
    case RowType::kFlagBit: return (v & mask) ? "true" : "false";
  }
  return "?";
}

// The preamble: the first 8 bytes and at most 32 of counts and HIP values after them.
constexpr uint32_t kPreambleBytes = kHeaderBytes + 32;

std::vector<DecodedField> Decode(std::string_view img, DecodedFieldSink sink) {
  const uint32_t begin = sink.begin(), end = sink.end();
  const uint32_t size = static_cast<uint32_t>(std::min<size_t>(img.size(), std::numeric_limits<uint32_t>::max()));
  if (size == 0) {
    sink.AddProblem("truncated", 0, 0, "empty image");
    return sink.Take();
  }
  const auto truncated = [&](uint32_t off, const std::string& what, uint64_t needs) {
    sink.AddProblem("truncated", off, size - off,
                    absl::StrCat("image ends at byte ", size, " inside ", what, needs > 0 ? absl::StrCat(" (needs ", needs, " bytes)") : ""));
  };
  for (const auto& row : kHeaderRows) {
    if (row.offset + row.size > size) {
      truncated(row.offset, row.name, kHeaderBytes);
      return sink.Take();
    }
    sink.Add(row.name, row.offset, row.size, Value(row.type, img, row.offset, row.size, row.mask));
  }
  const uint8_t ser_ver = static_cast<uint8_t>(img[1]), family = static_cast<uint8_t>(img[2]);
  const uint8_t flags = static_cast<uint8_t>(img[5]);
  uint32_t off = kHeaderBytes;
  const auto undecoded = [&](const std::string& why) {
    if (off < size) sink.AddProblem("undecoded", off, size - off, absl::StrCat(size - off, " bytes: ", why));
  };
  if (ser_ver != kSerVer || family != kCpcFamilyId) {
    undecoded(absl::StrCat("serVer ", ser_ver, " family ", family, " is not CPC serialization version 1"));
    return sink.Take();
  }
  if (!(flags & (kHasTable | kHasWindow))) {  // empty: the header is the whole image
    undecoded("past the end of an empty sketch (no table, no window)");
    return sink.Take();
  }
  uint64_t table_words = 0, window_words = 0;
  for (const auto& row : kBodyRows) {
    if (!Holds(row.when, flags)) continue;
    if (off + row.size > size) {
      truncated(off, row.name, 0);
      return sink.Take();
    }
    const std::string name = row.name;
    if (name == "tableLengthInts") table_words = LoadLe(img, off, 4);
    if (name == "windowLengthInts") window_words = LoadLe(img, off, 4);
    sink.Add(name, off, row.size, Value(row.type, img, off, row.size, 0));
    off += row.size;
  }
  // The window's compressed words come first, then the table's.
  const std::pair<const char*, uint64_t> streams[] = {{"windowStream", window_words}, {"tableStream", table_words}};
  for (const auto& [name, words] : streams) {
    if (words == 0) continue;
    const uint64_t bytes = 4 * words;
    if (off + bytes > size) {
      truncated(off, absl::StrCat(name, " of ", words, " words"), off + bytes);
      return sink.Take();
    }
    // One field per word, so a diff names the words that differ; only the
    // words inside [begin, end) are formatted.
    const uint64_t first = off < begin ? (begin - off) / 4 : 0;
    const uint64_t last = std::min<uint64_t>(words, end > off ? (static_cast<uint64_t>(end) - off + 3) / 4 : 0);
    for (uint64_t i = first; i < last; ++i) {
      const uint32_t at = off + static_cast<uint32_t>(4 * i);
      sink.Add(absl::StrCat(name, "[", i, "]"), at, 4, absl::StrFormat("0x%08x", LoadLe(img, at, 4)));
    }
    off += static_cast<uint32_t>(bytes);
  }
  undecoded("past the end of the sketch");
  return sink.Take();
}

}  // namespace

std::vector<DecodedField> DecodeCpcImage(std::string_view image) {
  return Decode(image, DecodedFieldSink(0, std::numeric_limits<uint32_t>::max()));
}

std::vector<DecodedField> DecodeCpcImageRange(std::string_view image, uint32_t begin, uint32_t end) {
  return Decode(image, DecodedFieldSink(begin, end));
}

std::vector<DecodedField> DecodeCpcPreamble(std::string_view image) {
  return Decode(image, DecodedFieldSink::HeadAndProblems(kPreambleBytes));
}

}  // namespace dsconform
