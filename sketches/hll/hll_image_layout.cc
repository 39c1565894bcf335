#include "sketches/hll/hll_image_layout.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/decoded_field_sink.h"
#include "harness/family/image_bytes.h"

namespace dsconform {
namespace {

// The published serVer-1 HLL format (datasketches-java hll/PreambleUtil.java,
// datasketches-cpp hll/include/HllUtil.hpp), all values little-endian.
constexpr uint8_t kSerVer = 1;
constexpr uint8_t kHllFamilyId = 7;
constexpr uint32_t kListDataStart = 8;
constexpr uint32_t kSetDataStart = 12;
constexpr uint32_t kHllDataStart = 40;
constexpr uint8_t kCompactMask = 8;
constexpr uint32_t kKeyMask26 = (1u << 26) - 1;
constexpr uint8_t kAuxToken = 15;  // an HLL_4 nibble whose value lives in the aux table
constexpr int kMaxLgArr = 26;      // coupons carry 26 address bits; no table is larger
// LG_AUX_ARR_INTS for lgK 0..21: the aux table an updatable HLL_4 image
// reserves (zeroed) while it has no aux entries.
constexpr uint8_t kLgAuxArrInts[] = {0, 2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13};

// Which curMode (low two bits of the mode byte) a header row belongs to;
// kUnknownMode covers images whose mode byte is missing or names no mode.
enum ModeMask : uint8_t { kList = 1, kSet = 2, kHll = 4, kUnknownMode = 8, kAnyMode = 15 };

enum class RowType { kU8, kU32, kF64, kFamily, kFlags, kFlagBit, kModeByte, kCurMode, kTgtType };

struct HeaderRow {
  const char* name;
  uint32_t offset;
  uint32_t size;
  RowType type;
  uint8_t modes;
  bool any_ser_ver;  // decoded even when serVer is not 1 (the bytes every sketch family starts with)
  uint8_t mask = 0;  // kFlagBit: the bit
};

constexpr HeaderRow kHeaderRows[] = {
    {"preInts", 0, 1, RowType::kU8, kAnyMode, true},
    {"serVer", 1, 1, RowType::kU8, kAnyMode, true},
    {"family", 2, 1, RowType::kFamily, kAnyMode, true},
    {"lgK", 3, 1, RowType::kU8, kAnyMode, false},
    {"lgArr", 4, 1, RowType::kU8, kAnyMode, false},  // LIST/SET: coupon array; HLL: aux table (0 without one)
    {"flags", 5, 1, RowType::kFlags, kAnyMode, false},
    {"flags.RESERVED", 5, 1, RowType::kFlagBit, kAnyMode, false, 0x01},  // BIG_ENDIAN in early Java; written 0
    {"flags.READ_ONLY", 5, 1, RowType::kFlagBit, kAnyMode, false, 0x02},
    {"flags.EMPTY", 5, 1, RowType::kFlagBit, kAnyMode, false, 0x04},
    {"flags.COMPACT", 5, 1, RowType::kFlagBit, kAnyMode, false, 0x08},
    {"flags.OUT_OF_ORDER", 5, 1, RowType::kFlagBit, kAnyMode, false, 0x10},
    // C++ FULL_SIZE_FLAG_MASK (start_full_size) and Java REBUILD_CURMIN_NUM_KXQ_MASK share this bit.
    {"flags.FULL_SIZE/REBUILD_KXQ", 5, 1, RowType::kFlagBit, kAnyMode, false, 0x20},
    {"flags.bit6", 5, 1, RowType::kFlagBit, kAnyMode, false, 0x40},
    {"flags.bit7", 5, 1, RowType::kFlagBit, kAnyMode, false, 0x80},
    {"listCount", 6, 1, RowType::kU8, kList, false},
    {"unused", 6, 1, RowType::kU8, kSet, false},
    {"curMin", 6, 1, RowType::kU8, kHll, false},
    {"byte6", 6, 1, RowType::kU8, kUnknownMode, false},
    {"mode", 7, 1, RowType::kModeByte, kAnyMode, false},
    {"mode.curMode", 7, 1, RowType::kCurMode, kAnyMode, false},
    {"mode.tgtType", 7, 1, RowType::kTgtType, kAnyMode, false},
    {"setCount", 8, 4, RowType::kU32, kSet, false},
    {"hipAccum", 8, 8, RowType::kF64, kHll, false},
    {"kxq0", 16, 8, RowType::kF64, kHll, false},
    {"kxq1", 24, 8, RowType::kF64, kHll, false},
    {"numAtCurMin", 32, 4, RowType::kU32, kHll, false},
    {"auxCount", 36, 4, RowType::kU32, kHll, false},
};

const char* const kCurModeNames[] = {"LIST", "SET", "HLL"};
const char* const kTgtTypeNames[] = {"HLL_4", "HLL_6", "HLL_8"};

// What the header says about the layout of the rest, read only from bytes
// that exist.
struct Header {
  uint32_t size = 0;  // image length, clamped to 32 bits
  bool ser_ver_1 = false;
  uint8_t modes = kUnknownMode;
  int cur_mode = -1;  // 0 LIST, 1 SET, 2 HLL
  int tgt_type = -1;  // 0 HLL_4, 1 HLL_6, 2 HLL_8
  uint8_t lg_k = 0, lg_arr = 0, flags = 0, byte6 = 0;
  bool compact = false;
};

Header ReadHeader(std::string_view img) {
  Header h;
  h.size = static_cast<uint32_t>(std::min<size_t>(img.size(), std::numeric_limits<uint32_t>::max()));
  auto byte = [&](uint32_t off) -> uint8_t { return off < h.size ? static_cast<uint8_t>(img[off]) : 0; };
  h.ser_ver_1 = h.size > 1 && byte(1) == kSerVer;
  h.lg_k = byte(3);
  h.lg_arr = byte(4);
  h.flags = byte(5);
  h.byte6 = byte(6);
  h.compact = (h.flags & kCompactMask) != 0;
  if (h.size >= 8) {
    const int cur = byte(7) & 3, tgt = (byte(7) >> 2) & 3;
    if (cur < 3 && tgt < 3) {
      h.cur_mode = cur;
      h.tgt_type = tgt;
      h.modes = static_cast<uint8_t>(1u << cur);
    }
  }
  return h;
}

std::string FlagsText(uint8_t flags) {
  std::string names;
  for (const auto& row : kHeaderRows) {
    if (row.type != RowType::kFlagBit || !(flags & row.mask)) continue;
    absl::StrAppend(&names, names.empty() ? "" : "|", row.name + 6);  // past "flags."
  }
  return names.empty() ? absl::StrFormat("0x%02x", flags) : absl::StrFormat("0x%02x (%s)", flags, names);
}

std::string RowValue(const HeaderRow& row, std::string_view img) {
  const uint8_t b = static_cast<uint8_t>(img[row.offset]);
  switch (row.type) {
    case RowType::kU8: return absl::StrCat(b);
    case RowType::kU32: return absl::StrCat(static_cast<uint32_t>(LoadLe(img, row.offset, 4)));
    case RowType::kF64: return FormatImageDouble(LoadLeDouble(img, row.offset));
    case RowType::kFamily: return b == kHllFamilyId ? "7" : absl::StrCat(b, " (HLL is 7)");
    case RowType::kFlags: return FlagsText(b);
    case RowType::kFlagBit: return (b & row.mask) ? "true" : "false";
    case RowType::kModeByte: return absl::StrFormat("0x%02x", b);
    case RowType::kCurMode: return (b & 3) < 3 ? kCurModeNames[b & 3] : "3 (invalid)";
    case RowType::kTgtType: return ((b >> 2) & 3) < 3 ? kTgtTypeNames[(b >> 2) & 3] : "3 (invalid)";
  }
  return "?";
}

using Sink = DecodedFieldSink;

void Truncated(Sink& sink, const Header& h, uint32_t off, uint64_t expected_end, const std::string& what) {
  sink.AddProblem("truncated", off, h.size - off,
                  absl::StrCat("image ends at byte ", h.size, " inside ", what,
                               expected_end > 0 ? absl::StrCat(" (needs ", expected_end, " bytes)") : ""));
}

void Undecoded(Sink& sink, const Header& h, uint32_t off, const std::string& why) {
  sink.AddProblem("undecoded", off, h.size - off, absl::StrCat(h.size - off, " bytes: ", why));
}

std::string SlotValue(uint32_t pair, uint8_t lg_k, bool with_hex) {
  if (pair == 0) return "EMPTY";
  const uint32_t slot = (pair & kKeyMask26) & ((1u << std::min<uint8_t>(lg_k, 26)) - 1);
  std::string s = absl::StrCat("slot ", slot, " value ", pair >> 26);
  if (with_hex) absl::StrAppend(&s, absl::StrFormat(" (0x%08x)", pair));
  return s;
}

// Emits `count` 4-byte entries named prefix[i] from `start`; returns the end
// offset, or 0 after reporting that the image ends inside the array. Visits
// only the entries the sink wants, so a narrow range costs little.
uint64_t IntArray(Sink& sink, std::string_view img, const Header& h, uint32_t start, uint64_t count,
                  const char* prefix, bool with_hex) {
  const uint64_t end = start + 4 * count;
  const uint64_t whole = h.size > start ? (h.size - start) / 4 : 0;  // entries that fit in the image
  const uint64_t present = std::min(count, whole);
  const uint64_t first = sink.begin() > start ? (sink.begin() - start) / 4 : 0;
  const uint64_t last = sink.end() > start ? std::min<uint64_t>(present, (uint64_t{sink.end()} - start + 3) / 4) : 0;
  for (uint64_t i = first; i < last; ++i) {
    const uint64_t off = start + 4 * i;
    if (!sink.Wants(static_cast<uint32_t>(off), 4)) continue;
    sink.Add(absl::StrCat(prefix, "[", i, "]"), static_cast<uint32_t>(off), 4,
             SlotValue(static_cast<uint32_t>(LoadLe(img, static_cast<uint32_t>(off), 4)), h.lg_k, with_hex));
  }
  if (present < count) {
    const uint64_t off = start + 4 * present;
    Truncated(sink, h, static_cast<uint32_t>(off), end, absl::StrCat(prefix, "[", present, "] of ", count));
    return 0;
  }
  return end;
}

// LIST and SET: the coupons, every slot of the hash table when updatable
// (EMPTY ones included), the valid ones only when compact.
uint64_t DecodeCoupons(Sink& sink, std::string_view img, const Header& h) {
  const bool list = h.cur_mode == 0;
  const uint32_t start = list ? kListDataStart : kSetDataStart;
  uint64_t count;
  if (h.compact) {
    count = list ? h.byte6 : static_cast<uint32_t>(LoadLe(img, 8, 4));
  } else {
    if (h.lg_arr > kMaxLgArr) {
      Undecoded(sink, h, start, absl::StrCat("lgArr ", h.lg_arr, " is out of range 0..", kMaxLgArr));
      return 0;
    }
    count = uint64_t{1} << h.lg_arr;
  }
  return IntArray(sink, img, h, start, count, "coupon", true);
}

// The register at `slot`: where its bits are and what they say.
struct Register {
  uint32_t offset, size;
  uint8_t value;
};

Register ReadRegister(std::string_view img, const Header& h, uint32_t slot) {
  switch (h.tgt_type) {
    case 0: {  // HLL_4: two per byte, even slots in the low nibble
      const uint32_t off = kHllDataStart + slot / 2;
      if (off >= h.size) return {off, 1, 0};
      const uint8_t b = static_cast<uint8_t>(img[off]);
      return {off, 1, static_cast<uint8_t>((slot & 1) ? b >> 4 : b & 0x0f)};
    }
    case 1: {  // HLL_6: little-endian bit stream, 6 bits per slot
      const uint32_t bit = slot * 6, off = kHllDataStart + bit / 8, shift = bit % 8;
      const uint32_t size = shift + 6 > 8 ? 2 : 1;
      if (off + size > h.size) return {off, size, 0};
      uint32_t two = static_cast<uint8_t>(img[off]);
      if (size == 2) two |= static_cast<uint32_t>(static_cast<uint8_t>(img[off + 1])) << 8;
      return {off, size, static_cast<uint8_t>((two >> shift) & 0x3f)};
    }
    default: {  // HLL_8: one byte per slot
      const uint32_t off = kHllDataStart + slot;
      return {off, 1, off < h.size ? static_cast<uint8_t>(img[off]) : uint8_t{0}};
    }
  }
}

// Every register's raw value (HLL_4: the nibble) into out[0..2^lgK), a whole byte or word at a
// time: the image checks read every register of every image, 2^21 of them at lgK 21. The
// caller has checked that the register array is whole.
void ReadAllRegisters(std::string_view img, const Header& h, uint8_t* out) {
  const uint32_t k = 1u << h.lg_k;
  const auto* p = reinterpret_cast<const uint8_t*>(img.data()) + kHllDataStart;
  switch (h.tgt_type) {
    case 0:  // HLL_4: two per byte, even slots in the low nibble
      for (uint32_t i = 0; i < k / 2; ++i) {
        out[2 * i] = p[i] & 0x0f;
        out[2 * i + 1] = p[i] >> 4;
      }
      return;
    case 1:  // HLL_6: four registers in every three bytes (k is a multiple of 16)
      for (uint32_t i = 0; i < k / 4; ++i, p += 3) {
        const uint32_t w = p[0] | (uint32_t{p[1]} << 8) | (uint32_t{p[2]} << 16);
        out[4 * i] = w & 0x3f;
        out[4 * i + 1] = (w >> 6) & 0x3f;
        out[4 * i + 2] = (w >> 12) & 0x3f;
        out[4 * i + 3] = (w >> 18) & 0x3f;
      }
      return;
    default:  // HLL_8: one byte per slot
      std::memcpy(out, p, k);
  }
}

std::string RegisterValue(const Header& h, uint8_t v, uint8_t cur_min) {
  if (h.tgt_type != 0) return absl::StrCat(v);
  // HLL_4 stores value - curMin; the token 15 sends the reader to the aux table.
  if (v == kAuxToken) return "AUX (nibble 15)";
  if (cur_min == 0) return absl::StrCat(v);
  return absl::StrCat(cur_min + v, " (nibble ", v, ")");
}

uint64_t DecodeHllArrays(Sink& sink, std::string_view img, const Header& h) {
  if (h.lg_k < 4 || h.lg_k > 21) {
    Undecoded(sink, h, kHllDataStart, absl::StrCat("lgK ", h.lg_k, " is out of range 4..21"));
    return 0;
  }
  const uint32_t k = 1u << h.lg_k;
  const uint32_t array_bytes = h.tgt_type == 0 ? k / 2 : h.tgt_type == 1 ? (k * 3) / 4 + 1 : k;
  const uint64_t array_end = kHllDataStart + array_bytes;
  // Only the registers around the sink's range are visited (a 2^21-register
  // image is decoded at a few differing bytes at a time), and the first one the
  // image cuts short, found from the image's length.
  const uint32_t bits = h.tgt_type == 0 ? 4 : h.tgt_type == 1 ? 6 : 8;
  auto slot_at = [&](uint64_t off) -> uint64_t {  // a slot at or before the one whose bits start at `off`
    const uint64_t slot = off > kHllDataStart ? (off - kHllDataStart) * 8 / bits : 0;
    return std::min<uint64_t>(k, slot > 0 ? slot - 1 : 0);
  };
  uint64_t cut = k;  // the first register the image does not hold whole
  if (array_end > h.size) {
    for (cut = slot_at(h.size); cut < k; ++cut) {
      const Register r = ReadRegister(img, h, static_cast<uint32_t>(cut));
      if (static_cast<uint64_t>(r.offset) + r.size > h.size) break;
    }
  }
  const uint64_t last = std::min<uint64_t>(cut, sink.end() == 0 ? 0 : slot_at(sink.end()) + 3);
  for (uint64_t slot = slot_at(sink.begin()); slot < last; ++slot) {
    const Register r = ReadRegister(img, h, static_cast<uint32_t>(slot));
    if (!sink.Wants(r.offset, r.size)) continue;
    sink.Add(absl::StrCat("register[", slot, "]"), r.offset, r.size, RegisterValue(h, r.value, h.byte6));
  }
  if (cut < k) {
    const Register r = ReadRegister(img, h, static_cast<uint32_t>(cut));
    Truncated(sink, h, r.offset, array_end, absl::StrCat("register[", cut, "] of ", k));
    return 0;
  }
  if (h.tgt_type == 1) {  // the byte HLL_6 arrays carry past the last register
    const uint32_t off = kHllDataStart + (k * 3) / 4;
    if (off >= h.size) {
      Truncated(sink, h, off, array_end, "the HLL_6 padding byte");
      return 0;
    }
    sink.Add("padding", off, 1, absl::StrFormat("0x%02x", static_cast<uint8_t>(img[off])));
  }
  if (h.tgt_type != 0) return array_end;

  // HLL_4's aux table: auxCount pairs when compact; the whole hash table
  // (EMPTY slots included) when updatable, reserved even while unused.
  uint64_t count;
  if (h.compact) {
    count = static_cast<uint32_t>(LoadLe(img, 36, 4));
  } else {
    const uint8_t lg = h.lg_arr != 0 ? h.lg_arr : kLgAuxArrInts[h.lg_k];
    if (lg > kMaxLgArr) {
      Undecoded(sink, h, static_cast<uint32_t>(array_end), absl::StrCat("aux lgArr ", lg, " is out of range"));
      return 0;
    }
    count = uint64_t{1} << lg;
  }
  return IntArray(sink, img, h, static_cast<uint32_t>(array_end), count, "aux", false);
}

std::vector<DecodedField> Decode(std::string_view img, Sink sink) {
  const Header h = ReadHeader(img);
  if (h.size == 0) {
    sink.AddProblem("truncated", 0, 0, "empty image");
    return sink.Take();
  }
  uint32_t header_end = 0;
  for (const auto& row : kHeaderRows) {
    if (!(row.modes & h.modes)) continue;
    if (!h.ser_ver_1 && !row.any_ser_ver) break;
    if (row.offset + row.size > h.size) {
      Truncated(sink, h, row.offset, 0, row.name);
      return sink.Take();
    }
    header_end = std::max(header_end, row.offset + row.size);
    if (sink.Wants(row.offset, row.size)) sink.Add(row.name, row.offset, row.size, RowValue(row, img));
  }
  if (!h.ser_ver_1) {
    if (header_end < h.size)
      Undecoded(sink, h, header_end,
                absl::StrCat("serVer ", static_cast<uint8_t>(img[1]), " is not the HLL serialization version 1"));
    return sink.Take();
  }
  if (h.cur_mode < 0) {
    if (header_end < h.size) Undecoded(sink, h, header_end, "the mode byte names no mode");
    return sink.Take();
  }
  const uint64_t body_end = h.cur_mode == 2 ? DecodeHllArrays(sink, img, h) : DecodeCoupons(sink, img, h);
  if (body_end != 0 && body_end < h.size)
    Undecoded(sink, h, static_cast<uint32_t>(body_end), "past the end of the sketch");
  return sink.Take();
}

}  // namespace

std::vector<DecodedField> DecodeHllImage(std::string_view image) {
  return Decode(image, Sink(0, std::numeric_limits<uint32_t>::max()));
}

std::vector<DecodedField> DecodeHllImageRange(std::string_view image, uint32_t begin, uint32_t end) {
  return Decode(image, Sink(begin, end));
}

HllRegisterValues ReadHllRegisterValues(std::string_view image) {
  HllRegisterValues out;
  const std::vector<DecodedField> problems = Decode(image, Sink::ProblemsOnly());
  if (!problems.empty()) {
    out.problem = problems.front().value;
    return out;
  }
  const Header h = ReadHeader(image);
  if (h.cur_mode != 2) return out;
  out.hll_mode = true;
  out.hll4 = h.tgt_type == 0;
  out.out_of_order = (h.flags & 0x10) != 0;
  out.cur_min = h.byte6;
  out.hip_accum = LoadLeDouble(image, 8);
  out.num_at_cur_min = static_cast<uint32_t>(LoadLe(image, 32, 4));
  const uint32_t k = 1u << h.lg_k;  // Decode found no problem: lgK is in range, every array is whole
  out.registers.resize(k);
  ReadAllRegisters(image, h, out.registers.data());
  if (!out.hll4) return out;
  // HLL_4 stores value - curMin; the token sends the reader to the aux table. Tokens are rare, so
  // the table is read into a sorted list and looked up only where a token is.
  std::vector<std::pair<uint32_t, uint8_t>> aux;
  const uint32_t aux_start = kHllDataStart + k / 2;
  const uint64_t aux_count =
      h.compact ? static_cast<uint32_t>(LoadLe(image, 36, 4)) : uint64_t{1} << (h.lg_arr != 0 ? h.lg_arr : kLgAuxArrInts[h.lg_k]);
  for (uint64_t i = 0; i < aux_count; ++i) {
    const uint32_t pair = static_cast<uint32_t>(LoadLe(image, static_cast<uint32_t>(aux_start + 4 * i), 4));
    if (pair != 0) aux.emplace_back((pair & kKeyMask26) & (k - 1), static_cast<uint8_t>(pair >> 26));
  }
  // By slot, table order kept among equals: a slot listed twice (a corrupt image) resolves to its
  // last entry, as a table written in order would leave it.
  const auto by_slot = [](const std::pair<uint32_t, uint8_t>& x, const std::pair<uint32_t, uint8_t>& y) {
    return x.first < y.first;
  };
  std::stable_sort(aux.begin(), aux.end(), by_slot);
  for (uint32_t slot = 0; slot < k; ++slot) {
    uint8_t& r = out.registers[slot];
    if (r != kAuxToken) {
      r = static_cast<uint8_t>(h.byte6 + r);
      continue;
    }
    const auto after = std::upper_bound(aux.begin(), aux.end(), std::make_pair(slot, uint8_t{0}), by_slot);
    r = after != aux.begin() && std::prev(after)->first == slot ? std::prev(after)->second
                                                               : static_cast<uint8_t>(h.byte6 + r);
  }
  return out;
}

}  // namespace dsconform
