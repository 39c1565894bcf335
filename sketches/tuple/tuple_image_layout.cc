#include "sketches/tuple/tuple_image_layout.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/family/decoded_field_sink.h"
#include "harness/family/image_bytes.h"

namespace dsconform {
namespace {

constexpr uint8_t kTupleFamily = 9;
constexpr double kLongMaxAsDouble = 9223372036854775807.0;

std::string FlagsText(uint8_t flags, const char* const names[8]) {
  std::string out;
  for (int b = 0; b < 8; ++b)
    if (flags & (1 << b)) absl::StrAppend(&out, out.empty() ? "" : "|", names[b]);
  return absl::StrCat("0x", absl::Hex(flags, absl::kZeroPad2), out.empty() ? "" : absl::StrCat(" (", out, ")"));
}

// Bits of the flags byte: the tuple format (Java tuple/PreambleUtil), the aod one (Java
// ArrayOfDoublesSketch.Flags, C++ compact_array_tuple_sketch::flags).
constexpr const char* kTupleFlags[8] = {"BIG_ENDIAN", "READ_ONLY", "EMPTY", "COMPACT", "ORDERED", "bit5", "bit6", "bit7"};
constexpr const char* kAodFlags[8] = {"BIG_ENDIAN", "bit1", "EMPTY", "HAS_ENTRIES", "ORDERED", "bit5", "bit6", "bit7"};

std::string ThetaText(uint64_t theta) {
  return absl::StrCat(theta, " (", FormatImageDouble(static_cast<double>(theta) / kLongMaxAsDouble), ")");
}

const char* ModeName(uint8_t m) {
  switch (m) {
    case 0: return "Sum";
    case 1: return "Min";
    case 2: return "Max";
    case 3: return "AlwaysOne";
    default: return "?";
  }
}

std::string SummaryText(std::string_view image, uint32_t off, uint32_t width) {
  switch (width) {
    case 4: return absl::StrCat(static_cast<int32_t>(LoadLe(image, off, 4)));
    case 5: return absl::StrCat(static_cast<int32_t>(LoadLe(image, off, 4)), " mode=", ModeName(image[off + 4]));
    case 8: return FormatImageDouble(LoadLeDouble(image, off));
    case 9: return absl::StrCat(FormatImageDouble(LoadLeDouble(image, off)), " mode=", ModeName(image[off + 8]));
    default: {
      std::string hex;
      for (uint32_t i = 0; i < width; ++i) absl::StrAppend(&hex, absl::Hex(static_cast<uint8_t>(image[off + i]), absl::kZeroPad2));
      return hex;
    }
  }
}

// Adds a fixed field when the image holds it; false (and a `truncated` field) when it ends first.
bool Field(DecodedFieldSink& sink, std::string_view image, const std::string& name, uint32_t off, uint32_t size,
           const std::string& value) {
  if (off + size > image.size()) {
    sink.AddProblem("truncated", static_cast<uint32_t>(image.size()), 0,
                    absl::StrCat("the image ends at ", image.size(), " inside ", name));
    return false;
  }
  sink.Add(name, off, size, value);
  return true;
}

// An array-of-strings summary (Java ArrayOfStringsSummary, C++ default_array_of_strings_serde):
// u32 total bytes (these 4 included), u8 number of strings, then each string as a u32 length
// and its UTF-8 bytes. The size of the summary at `off`, 0 when the bytes there are not one.
uint32_t AosSummarySize(std::string_view image, uint64_t off) {
  if (off + 5 > image.size()) return 0;
  const uint64_t total = LoadLe(image, off, 4);
  const uint8_t count = image[off + 4];
  if (total < 5 || off + total > image.size()) return 0;
  uint64_t at = off + 5;
  for (uint8_t j = 0; j < count; ++j) {
    if (at + 4 > off + total) return 0;
    at += 4 + LoadLe(image, at, 4);
  }
  return at == off + total ? static_cast<uint32_t>(total) : 0;
}

// The text of an aos summary as the `summaries` query writes it: quoted strings joined by `/`.
std::string AosSummaryText(std::string_view image, uint32_t off) {
  const uint8_t count = image[off + 4];
  std::string out;
  uint32_t at = off + 5;
  for (uint8_t j = 0; j < count; ++j) {
    const uint32_t len = static_cast<uint32_t>(LoadLe(image, at, 4));
    absl::StrAppend(&out, j ? "/" : "", "\"");
    for (uint32_t b = 0; b < len; ++b) {
      const uint8_t c = image[at + 4 + b];
      if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') absl::StrAppend(&out, "\\x", absl::Hex(c, absl::kZeroPad2));
      else out.push_back(static_cast<char>(c));
    }
    out.push_back('"');
    at += 4 + len;
  }
  return out;
}

// The entries are aos ones when every summary parses as one and they end the image.
bool AosEntries(std::string_view image, uint32_t off, uint64_t n) {
  uint64_t e = off;
  for (uint64_t i = 0; i < n; ++i) {
    const uint32_t size = AosSummarySize(image, e + 8);
    if (size == 0) return false;
    e += 8 + size;
  }
  return e == image.size();
}

void DecodeAosEntries(std::string_view image, uint32_t off, uint64_t n, DecodedFieldSink& sink) {
  uint32_t e = off;
  for (uint64_t i = 0; i < n && e < sink.end(); ++i) {
    const uint32_t size = AosSummarySize(image, e + 8);
    if (e + 8 + size > sink.begin()) {
      sink.Add(absl::StrCat("entry[", i, "].hash"), e, 8, absl::StrCat("0x", absl::Hex(LoadLe(image, e, 8), absl::kZeroPad16)));
      sink.Add(absl::StrCat("entry[", i, "].summary"), e + 8, size, AosSummaryText(image, e + 8));
    }
    e += 8 + size;
  }
}

void DecodeTuple(std::string_view image, DecodedFieldSink& sink) {
  const uint8_t pre_longs = image[0];
  const uint8_t flags = image[5];
  sink.Add("preLongs", 0, 1, absl::StrCat(pre_longs));
  sink.Add("serVer", 1, 1, absl::StrCat(static_cast<int>(image[1])));
  sink.Add("family", 2, 1, "9 (TUPLE)");
  sink.Add("sketchType", 3, 1, absl::StrCat(static_cast<int>(image[3]), image[3] == 1 ? " (CompactTupleSketch)" : ""));
  sink.Add("unused4", 4, 1, absl::StrCat(static_cast<int>(image[4])));
  sink.Add("flags", 5, 1, FlagsText(flags, kTupleFlags));
  if (!Field(sink, image, "seedHash", 6, 2, absl::StrCat("0x", absl::Hex(LoadLe(image, 6, 2), absl::kZeroPad4)))) return;
  uint64_t n = image.size() > 8 ? 1 : 0;  // one preamble long: empty, or a single entry
  uint32_t off = 8;
  if (pre_longs > 1) {
    if (!Field(sink, image, "numEntries", 8, 4, absl::StrCat(LoadLe(image, 8, 4)))) return;
    n = LoadLe(image, 8, 4);
    if (!Field(sink, image, "unused12", 12, 4, absl::StrCat(LoadLe(image, 12, 4)))) return;
    off = 16;
  }
  if (pre_longs > 2) {
    if (!Field(sink, image, "thetaLong", 16, 8, ThetaText(LoadLe(image, 16, 8)))) return;
    off = 24;
  }
  if (n == 0) {
    if (off < image.size()) sink.AddProblem("undecoded", off, image.size() - off, "bytes past the preamble of an empty image");
    return;
  }
  if (AosEntries(image, off, n)) {
    if (sink.begin() <= sink.end()) DecodeAosEntries(image, off, n, sink);
    return;
  }
  const uint64_t rest = image.size() - off;
  if (rest < n * 8 || (rest - n * 8) % n != 0) {
    sink.AddProblem("undecoded", off, rest, absl::StrCat(rest, " bytes do not divide into ", n, " entries"));
    return;
  }
  const uint32_t width = static_cast<uint32_t>((rest - n * 8) / n);
  const uint32_t stride = 8 + width;
  // Only the entries that overlap the range wanted are decoded.
  uint64_t first = sink.begin() > off ? (sink.begin() - off) / stride : 0;
  if (sink.begin() > sink.end()) first = n;  // problems only
  for (uint64_t i = first; i < n; ++i) {
    const uint32_t e = static_cast<uint32_t>(off + i * stride);
    if (e >= sink.end()) break;
    sink.Add(absl::StrCat("entry[", i, "].hash"), e, 8, absl::StrCat("0x", absl::Hex(LoadLe(image, e, 8), absl::kZeroPad16)));
    sink.Add(absl::StrCat("entry[", i, "].summary"), e + 8, width, SummaryText(image, e + 8, width));
  }
}

void DecodeAod(std::string_view image, DecodedFieldSink& sink) {
  const uint8_t flags = image[4];
  const uint8_t num_values = image.size() > 5 ? image[5] : 0;
  sink.Add("preLongs", 0, 1, absl::StrCat(static_cast<int>(image[0])));
  sink.Add("serVer", 1, 1, absl::StrCat(static_cast<int>(image[1])));
  sink.Add("family", 2, 1, "9 (TUPLE)");
  const uint8_t type = image[3];
  sink.Add("sketchType", 3, 1,
           absl::StrCat(static_cast<int>(type), type == 2 ? " (ArrayOfDoublesQuickSelectSketch)"
                                                : type == 3 ? " (ArrayOfDoublesCompactSketch)"
                                                : type == 4 ? " (ArrayOfDoublesUnion)"
                                                            : ""));
  sink.Add("flags", 4, 1, FlagsText(flags, kAodFlags));
  if (!Field(sink, image, "numValues", 5, 1, absl::StrCat(static_cast<int>(num_values)))) return;
  if (!Field(sink, image, "seedHash", 6, 2, absl::StrCat("0x", absl::Hex(LoadLe(image, 6, 2), absl::kZeroPad4)))) return;
  if (!Field(sink, image, "thetaLong", 8, 8, ThetaText(LoadLe(image, 8, 8)))) return;
  if (type != 3) {
    if (image.size() > 16) sink.AddProblem("undecoded", 16, image.size() - 16, "not a compact aod image");
    return;
  }
  if (!(flags & 0x08)) {
    if (image.size() > 16) sink.AddProblem("undecoded", 16, image.size() - 16, "bytes past an image without entries");
    return;
  }
  if (!Field(sink, image, "numEntries", 16, 4, absl::StrCat(LoadLe(image, 16, 4)))) return;
  if (!Field(sink, image, "unused20", 20, 4, absl::StrCat(LoadLe(image, 20, 4)))) return;
  const uint64_t n = LoadLe(image, 16, 4);
  const uint64_t need = 24 + n * 8 + n * 8 * num_values;
  if (image.size() < need) {
    sink.AddProblem("truncated", image.size(), 0, absl::StrCat("the image ends at ", image.size(), ", ", n, " entries need ", need));
    return;
  }
  if (sink.begin() > sink.end()) {
    if (image.size() > need) sink.AddProblem("undecoded", need, image.size() - need, "bytes past the entries");
    return;
  }
  const uint32_t values_off = static_cast<uint32_t>(24 + n * 8);
  for (uint64_t i = sink.begin() > 24 ? (sink.begin() - 24) / 8 : 0; i < n; ++i) {
    const uint32_t e = static_cast<uint32_t>(24 + i * 8);
    if (e >= sink.end()) break;
    sink.Add(absl::StrCat("entry[", i, "].hash"), e, 8, absl::StrCat("0x", absl::Hex(LoadLe(image, e, 8), absl::kZeroPad16)));
  }
  const uint64_t row = 8ull * num_values;
  for (uint64_t i = sink.begin() > values_off && row ? (sink.begin() - values_off) / row : 0; i < n; ++i)
    for (uint32_t j = 0; j < num_values; ++j) {
      const uint32_t o = static_cast<uint32_t>(values_off + i * row + j * 8);
      if (o >= sink.end()) break;
      sink.Add(absl::StrCat("entry[", i, "].value[", j, "]"), o, 8, FormatImageDouble(LoadLeDouble(image, o)));
    }
  if (image.size() > need) sink.AddProblem("undecoded", need, image.size() - need, "bytes past the entries");
}

void Decode(std::string_view image, DecodedFieldSink& sink) {
  if (image.size() < 4) {
    sink.AddProblem("truncated", 0, image.size(), "shorter than the 4 bytes that say which format");
    return;
  }
  if (static_cast<uint8_t>(image[2]) != kTupleFamily) {
    sink.AddProblem("undecoded", 0, image.size(), absl::StrCat("family ", static_cast<int>(image[2]), " is not Tuple (9)"));
    return;
  }
  if (image.size() < 6) {
    sink.AddProblem("truncated", 0, image.size(), "shorter than the flags byte");
    return;
  }
  if (image[1] == 2) {
    sink.AddProblem("undecoded", 0, image.size(), "serial version 2: Java's update-sketch image (QuickSelectSketch), not decoded");
    return;
  }
  if (image[1] == 1) DecodeAod(image, sink);
  else if (image[1] == 3) DecodeTuple(image, sink);
  else sink.AddProblem("undecoded", 0, image.size(), absl::StrCat("serial version ", static_cast<int>(image[1]), " is neither 1 (aod) nor 3 (tuple)"));
}

}  // namespace

std::vector<DecodedField> DecodeTupleImage(std::string_view image) {
  DecodedFieldSink sink(0, static_cast<uint32_t>(image.size()));
  Decode(image, sink);
  return sink.Take();
}

std::vector<DecodedField> DecodeTupleImageRange(std::string_view image, uint32_t begin, uint32_t end) {
  DecodedFieldSink sink(begin, end);
  Decode(image, sink);
  return sink.Take();
}

}  // namespace dsconform
