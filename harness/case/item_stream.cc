#include "harness/case/item_stream.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/case/json_access.h"
#include "harness/case/splitmix64.h"

namespace dsconform {
namespace {

struct GeneratorName {
  ItemGenerator generator;
  const char* name;
  ItemKind kind;
};
constexpr GeneratorName kGenerators[] = {
    {ItemGenerator::kSequence, "sequence", ItemKind::kLong},
    {ItemGenerator::kSplitMix64, "splitmix64", ItemKind::kLong},
    {ItemGenerator::kDoubles, "doubles", ItemKind::kDouble},
    {ItemGenerator::kAsciiStrings, "ascii_strings", ItemKind::kString},
    {ItemGenerator::kUtf8Strings, "utf8_strings", ItemKind::kString},
    {ItemGenerator::kByteArrays, "byte_arrays", ItemKind::kBytes},
    {ItemGenerator::kOrderedLongs, "ordered_longs", ItemKind::kLong},
    {ItemGenerator::kOrderedDoubles, "ordered_doubles", ItemKind::kDouble},
    {ItemGenerator::kOrderedStrings, "ordered_strings", ItemKind::kString},
    {ItemGenerator::kAsciiOrEmpty, "ascii_or_empty", ItemKind::kString},
};

constexpr std::pair<ItemOrder, const char*> kOrders[] = {
    {ItemOrder::kAscending, "ascending"},
    {ItemOrder::kDescending, "descending"},
    {ItemOrder::kShuffled, "shuffled"},
    {ItemOrder::kAlternating, "alternating"},
};

const char* OrderNameOf(ItemOrder order) {
  for (const auto& [o, name] : kOrders)
    if (o == order) return name;
  return "?";
}

bool IsOrdered(ItemGenerator g) {
  return g == ItemGenerator::kOrderedLongs || g == ItemGenerator::kOrderedDoubles ||
         g == ItemGenerator::kOrderedStrings;
}

// The offset at position i of a stream in an order other than shuffled.
int64_t OffsetAt(const ItemStream& s, int64_t i) {
  switch (s.order) {
    case ItemOrder::kDescending: return s.count - 1 - i;
    case ItemOrder::kAlternating: return i % 2 == 0 ? i / 2 : s.count - 1 - i / 2;
    default: return i;
  }
}

// Fisher-Yates over n records of W bytes with SplitMix64(seed)'s draws: records laid out in
// ascending order end in the stream's shuffled order, with no list of n offsets beside them.
// The draws do not depend on the records, so each block of them is made first and the records
// they reach are fetched while the block's swaps run (a tape of millions is mostly cache misses).
template <size_t W>
void ShuffleRecords(char* p, size_t n, uint64_t seed) {
  SplitMix64 rng(seed);
  constexpr size_t kBlock = 32;
  size_t to[kBlock];
  char a[W], b[W];
  for (size_t i = n; i > 1;) {
    const size_t block = std::min(kBlock, i - 1);
    for (size_t k = 0; k < block; ++k) {
      to[k] = static_cast<size_t>(rng.Next() % (i - k));
#if defined(__GNUC__)
      __builtin_prefetch(p + to[k] * W, 1);
#endif
    }
    for (size_t k = 0; k < block; ++k, --i) {
      char* x = p + (i - 1) * W;
      char* y = p + to[k] * W;
      std::memcpy(a, x, W);
      std::memcpy(b, y, W);
      std::memcpy(x, b, W);
      std::memcpy(y, a, W);
    }
  }
}

// The offsets 0..count-1 in the stream's order.
std::vector<int64_t> OrderedOffsets(const ItemStream& s) {
  std::vector<int64_t> offsets(static_cast<size_t>(s.count));
  const bool shuffled = s.order == ItemOrder::kShuffled;
  for (int64_t i = 0; i < s.count; ++i) offsets[static_cast<size_t>(i)] = shuffled ? i : OffsetAt(s, i);
  if (shuffled) ShuffleRecords<sizeof(int64_t)>(reinterpret_cast<char*>(offsets.data()), offsets.size(), s.seed);
  return offsets;
}

constexpr int64_t kTenDigits = 10'000'000'000;

// "00" to "99": digits are written two at a time.
constexpr char kDigitPairs[] =
    "0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849"
    "5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

// x, 0 <= x < 10^5, as five digits at p.
void WriteFiveDigits(char* p, uint32_t x) {
  const uint32_t low = x % 10000;
  p[0] = static_cast<char>('0' + x / 10000);
  std::memcpy(p + 1, kDigitPairs + 2 * (low / 100), 2);
  std::memcpy(p + 3, kDigitPairs + 2 * (low % 100), 2);
}

// v, 0 <= v < 10^10, as ten digits at p: two halves of five, whose divisions do not wait on each
// other (a tape of ordered strings is a quarter of a million of these, once per trial).
void WriteTenDigits(char* p, int64_t v) {
  const auto u = static_cast<uint64_t>(v);
  WriteFiveDigits(p, static_cast<uint32_t>(u / 100000));
  WriteFiveDigits(p + 5, static_cast<uint32_t>(u % 100000));
}

const GeneratorName& Lookup(ItemGenerator g) {
  for (const auto& e : kGenerators)
    if (e.generator == g) return e;
  return kGenerators[0];
}

// The doubles most likely to be hashed differently: signed zeros, NaN,
// infinities, subnormals, extremes.
const double kSpecialDoubles[] = {
    -0.0,
    0.0,
    std::numeric_limits<double>::quiet_NaN(),
    std::numeric_limits<double>::infinity(),
    -std::numeric_limits<double>::infinity(),
    std::numeric_limits<double>::denorm_min(),
    -std::numeric_limits<double>::denorm_min(),
    std::numeric_limits<double>::min() / 2,  // a subnormal in the middle of the range
    std::numeric_limits<double>::min(),
    std::numeric_limits<double>::max(),
    1.0,
    -1.0,
};

// Non-ASCII prefixes covering 2-, 3- and 4-byte UTF-8 sequences.
const char* const kUtf8Prefixes[] = {"", "\xC3\xA9t\xC3\xA9-", "\xE6\x97\xA5\xE6\x9C\xAC-",
                                     "\xF0\x9F\x98\x80-", "\xCE\xA9\xCE\xBC\xCE\xAD\xCE\xB3\xCE\xB1-"};

// The decimal digits of v, its sign included: how many to_chars writes.
size_t DecimalWidth(int64_t v) {
  uint64_t u = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  size_t width = v < 0 ? 2 : 1;
  for (; u >= 10; u /= 10) ++width;
  return width;
}

char* PutDecimal(char* p, int64_t v) { return std::to_chars(p, p + 20, v).ptr; }

// A record's length, as the tape writes it: a little-endian u32.
char* PutLength(char* p, uint32_t v) {
  for (int b = 0; b < 4; ++b) p[b] = static_cast<char>(v >> (8 * b));
  return p + 4;
}

// Writes a tape of a known size once. A string sized up front is zero-filled first, a second pass
// over tapes of up to hundreds of megabytes; records are put in a small buffer instead, and the
// buffer appended to the reserved tape whenever it fills.
class TapeWriter {
 public:
  static constexpr size_t kBufferBytes = 4096;
  // Writes into `reuse`'s memory (its contents dropped) where it has room for `bytes`.
  explicit TapeWriter(size_t bytes, std::string reuse = {}) : tape_(std::move(reuse)) {
    tape_.clear();
    tape_.reserve(bytes);
  }
  // Where the next record goes, with room for `bytes` (at most the buffer's size).
  char* Room(size_t bytes) {
    if (used_ + bytes > sizeof(buffer_)) Flush();
    return buffer_ + used_;
  }
  void Wrote(size_t bytes) { used_ += bytes; }
  std::string Finish() {
    Flush();
    return std::move(tape_);
  }

 private:
  void Flush() {
    tape_.append(buffer_, used_);
    used_ = 0;
  }
  std::string tape_;
  char buffer_[kBufferBytes];
  size_t used_ = 0;
};

// A tape of n strings or byte arrays (each a u32 length, then its bytes), item i `width(i)` bytes
// that `write(i, p)` puts at p. The widths are summed first so the tape is allocated once: a tape
// of millions grown by appending was copied at every doubling, and each item made a string.
template <typename Width, typename Write>
std::string BlobTape(size_t n, Width width, Write write, std::string reuse) {
  size_t total = 0;
  for (size_t i = 0; i < n; ++i) total += 4 + width(i);
  TapeWriter out(total, std::move(reuse));
  for (size_t i = 0; i < n; ++i) {
    const auto w = static_cast<uint32_t>(width(i));
    write(i, PutLength(out.Room(4 + w), w));
    out.Wrote(4 + w);
  }
  return out.Finish();
}

// A tape of n longs or doubles, allocated once and written once (tapes of
// millions of items are built for every large case).
template <typename Next>
std::string FixedWidthTape(size_t n, Next next, std::string reuse) {
  TapeWriter out(n * 8, std::move(reuse));
  // A buffer's worth at a time: the loop over its items has no test of the room left.
  for (size_t i = 0; i < n;) {
    const size_t items = std::min(n - i, TapeWriter::kBufferBytes / 8);
    char* p = out.Room(items * 8);
    for (const size_t end = i + items; i < end; ++i, p += 8) {
      const uint64_t v = next(i);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
      std::memcpy(p, &v, 8);  // the tape's byte order is the host's: one store
#else
      for (int b = 0; b < 8; ++b) p[b] = static_cast<char>(v >> (8 * b));
#endif
    }
    out.Wrote(items * 8);
  }
  return out.Finish();
}
void PutBlob(std::string& out, const std::string& s) {
  char length[4];
  PutLength(length, static_cast<uint32_t>(s.size()));
  out.append(length, 4).append(s);
}

}  // namespace

ItemKind ItemStream::kind() const { return Lookup(generator).kind; }

const char* ItemGeneratorName(ItemGenerator generator) { return Lookup(generator).name; }

const std::vector<ItemGenerator>& HashedItemGenerators() {
  static const auto* generators =
      new std::vector<ItemGenerator>{ItemGenerator::kDoubles, ItemGenerator::kAsciiStrings, ItemGenerator::kUtf8Strings,
                                     ItemGenerator::kByteArrays, ItemGenerator::kSplitMix64};
  return *generators;
}

const char* ItemOrderName(ItemOrder order) { return OrderNameOf(order); }

std::string OrderedStringItem(int64_t v) {
  if (v < 0 || v >= kTenDigits) return absl::StrFormat("%010d", v);
  std::string s(10, '0');
  WriteTenDigits(s.data(), v);
  return s;
}

const char* ItemKindName(ItemKind kind) {
  switch (kind) {
    case ItemKind::kLong: return "long";
    case ItemKind::kDouble: return "double";
    case ItemKind::kString: return "string";
    case ItemKind::kBytes: return "bytes";
  }
  return "?";
}

std::string EncodeItemTape(const ItemStream& s, std::string reuse) {
  std::string out;
  SplitMix64 rng(s.seed);
  const size_t n = static_cast<size_t>(s.count);
  switch (s.generator) {
    case ItemGenerator::kSequence:
      return FixedWidthTape(n, [&](size_t i) { return static_cast<uint64_t>(s.start) + i; }, std::move(reuse));
    case ItemGenerator::kSplitMix64:
      return FixedWidthTape(n, [&](size_t) { return rng.Next(); }, std::move(reuse));
    case ItemGenerator::kDoubles: {
      constexpr size_t kSpecials = sizeof(kSpecialDoubles) / sizeof(kSpecialDoubles[0]);
      return FixedWidthTape(
          n,
          [&](size_t i) {
            if (i >= kSpecials) return rng.Next();
            uint64_t bits;
            std::memcpy(&bits, &kSpecialDoubles[i], 8);
            return bits;
          },
          std::move(reuse));
    }
    case ItemGenerator::kAsciiStrings:
    case ItemGenerator::kAsciiOrEmpty: {
      constexpr char kPrefix[] = "item-";
      constexpr size_t kPrefixBytes = sizeof(kPrefix) - 1;
      const bool empties = s.generator == ItemGenerator::kAsciiOrEmpty;
      auto value = [&](size_t i) { return s.start + static_cast<int64_t>(i); };
      auto empty = [&](size_t i) { return empties && value(i) % 4 == 0; };
      return BlobTape(
          n, [&](size_t i) { return empty(i) ? 0 : kPrefixBytes + DecimalWidth(value(i)); },
          [&](size_t i, char* p) {
            if (empty(i)) return;
            std::memcpy(p, kPrefix, kPrefixBytes);
            PutDecimal(p + kPrefixBytes, value(i));
          },
          std::move(reuse));
    }
    case ItemGenerator::kUtf8Strings: {
      constexpr size_t kPrefixes = sizeof(kUtf8Prefixes) / sizeof(kUtf8Prefixes[0]);
      auto value = [&](size_t i) { return s.start + static_cast<int64_t>(i); };
      auto prefix = [&](size_t i) { return std::string_view(kUtf8Prefixes[static_cast<uint64_t>(value(i)) % kPrefixes]); };
      return BlobTape(
          n, [&](size_t i) { return prefix(i).size() + DecimalWidth(value(i)); },
          [&](size_t i, char* p) {
            const std::string_view pre = prefix(i);
            std::memcpy(p, pre.data(), pre.size());
            PutDecimal(p + pre.size(), value(i));
          },
          std::move(reuse));
    }
    case ItemGenerator::kByteArrays: {
      // Each array draws its length, then one draw per byte. The widths' pass draws the lengths
      // and skips the bytes' draws; the writing pass draws both, in the same order.
      SplitMix64 lengths(s.seed);
      size_t total = 0;
      for (size_t i = 0; i < n; ++i) {
        const uint64_t len = lengths.Next() % 33;
        lengths.Skip(len);
        total += 4 + len;
      }
      TapeWriter tape(total, std::move(reuse));
      for (size_t i = 0; i < n; ++i) {
        const auto len = static_cast<uint32_t>(rng.Next() % 33);
        char* p = PutLength(tape.Room(4 + len), len);
        for (uint32_t k = 0; k < len; ++k) *p++ = static_cast<char>(rng.Next() & 0xff);
        tape.Wrote(4 + len);
      }
      return tape.Finish();
    }
    case ItemGenerator::kOrderedLongs:
    case ItemGenerator::kOrderedDoubles: {
      const bool longs = s.generator == ItemGenerator::kOrderedLongs;
      const bool shuffled = s.order == ItemOrder::kShuffled;
      std::string tape = FixedWidthTape(
          n,
          [&](size_t i) {
            const int64_t v = s.start + (shuffled ? static_cast<int64_t>(i) : OffsetAt(s, static_cast<int64_t>(i)));
            if (longs) return static_cast<uint64_t>(v);
            const double d = static_cast<double>(v) / 4.0;
            uint64_t bits;
            std::memcpy(&bits, &d, 8);
            return bits;
          },
          std::move(reuse));
      if (shuffled) ShuffleRecords<8>(tape.data(), n, s.seed);
      return tape;
    }
    case ItemGenerator::kOrderedStrings: {
      if (s.start < 0 || s.start > kTenDigits - s.count) {  // items of other lengths than ten
        for (int64_t offset : OrderedOffsets(s)) PutBlob(out, OrderedStringItem(s.start + offset));
        break;
      }
      // Records of one width (a length of 10, then the digits), written once in the stream's order: a
      // shuffled order is made over the offsets rather than by swapping the 14-byte records in place
      // (the same draws give the same order).
      constexpr size_t kRecord = 4 + 10;
      TapeWriter tape(n * kRecord, std::move(reuse));
      for (int64_t offset : OrderedOffsets(s)) {
        WriteTenDigits(PutLength(tape.Room(kRecord), 10), s.start + offset);
        tape.Wrote(kRecord);
      }
      return tape.Finish();
    }
  }
  return out;
}

nlohmann::ordered_json ItemStreamToJson(const ItemStream& s) {
  nlohmann::ordered_json j;
  j["gen"] = Lookup(s.generator).name;
  switch (s.generator) {
    case ItemGenerator::kSequence:
    case ItemGenerator::kAsciiStrings:
    case ItemGenerator::kUtf8Strings:
    case ItemGenerator::kAsciiOrEmpty:
      j["start"] = s.start;
      break;
    case ItemGenerator::kOrderedLongs:
    case ItemGenerator::kOrderedDoubles:
    case ItemGenerator::kOrderedStrings:
      j["start"] = s.start;
      j["order"] = OrderNameOf(s.order);
      if (s.order == ItemOrder::kShuffled) j["seed"] = s.seed;
      break;
    default:
      j["seed"] = s.seed;
  }
  j["count"] = s.count;
  return j;
}

absl::StatusOr<ItemStream> ItemStreamFromJson(const nlohmann::json& j, const std::string& path) {
  if (!j.is_object()) return absl::InvalidArgumentError(absl::StrCat(path, ": expected an object"));
  if (auto st = RejectUnknownKeys(j, {"gen", "start", "seed", "count", "order"}, path); !st.ok()) return st;
  auto gen = RequireString(j, "gen", path);
  if (!gen.ok()) return gen.status();
  ItemStream s;
  bool found = false;
  for (const auto& e : kGenerators) {
    if (*gen == e.name) {
      s.generator = e.generator;
      found = true;
    }
  }
  if (!found) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, "/gen: unknown generator '", *gen,
        "' (known: sequence, splitmix64, doubles, ascii_strings, utf8_strings, byte_arrays, ordered_longs, "
        "ordered_doubles, ordered_strings, ascii_or_empty)"));
  }
  auto count = RequireInt(j, "count", path);
  if (!count.ok()) return count.status();
  if (*count < 0) return absl::InvalidArgumentError(absl::StrCat(path, "/count: must be >= 0, got ", *count));
  s.count = *count;
  auto start = OptionalInt(j, "start", path);
  if (!start.ok()) return start.status();
  s.start = start->value_or(0);
  auto it = j.find("seed");
  if (it != j.end()) {
    if (!it->is_number_integer()) return absl::InvalidArgumentError(absl::StrCat(path, "/seed: expected an integer"));
    s.seed = it->is_number_unsigned() ? it->get<uint64_t>() : static_cast<uint64_t>(it->get<int64_t>());
  }
  auto order = j.find("order");
  if (order != j.end() && !IsOrdered(s.generator))
    return absl::InvalidArgumentError(absl::StrCat(path, "/order: only the ordered_* generators take an order"));
  if (order != j.end()) {
    bool known = false;
    for (const auto& [o, name] : kOrders) {
      if (order->is_string() && order->get<std::string>() == name) {
        s.order = o;
        known = true;
      }
    }
    if (!known)
      return absl::InvalidArgumentError(
          absl::StrCat(path, "/order: must be ascending, descending, shuffled or alternating, got ", order->dump()));
  }
  // ordered_strings writes 10 decimal digits, so its values are 0..9999999999; the longs and
  // doubles (t-digest's streams run from negative to positive) may go as far below 0.
  constexpr int64_t kOrderedLimit = 10000000000LL;
  const int64_t lowest = s.generator == ItemGenerator::kOrderedStrings ? 0 : -kOrderedLimit + 1;
  if (IsOrdered(s.generator) && (s.start < lowest || s.start > kOrderedLimit || s.start + s.count > kOrderedLimit))
    return absl::InvalidArgumentError(absl::StrCat(
        path, s.generator == ItemGenerator::kOrderedStrings ? ": ordered strings must lie in 0..9999999999"
                                                            : ": ordered values must lie in -9999999999..9999999999"));
  return s;
}

}  // namespace dsconform
