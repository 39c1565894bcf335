#include "harness/case/msgpack_reader.h"

#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

namespace dsconform {
namespace {

using json = nlohmann::json;

// Deeper than any value this project writes, shallow enough that a damaged length byte cannot run
// the reader's recursion off the stack.
constexpr int kMaxDepth = 512;

class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : at_(data), end_(data + size), begin_(data) {}

  absl::StatusOr<json> ReadAll() {
    json out;
    if (!Value(out, 0)) return absl::InvalidArgumentError(error_);
    if (at_ != end_)
      return absl::InvalidArgumentError(absl::StrCat("MessagePack: ", end_ - at_, " bytes after the value, at byte ", Offset()));
    return out;
  }

 private:
  size_t Offset() const { return static_cast<size_t>(at_ - begin_); }

  bool Fail(const char* what) {
    error_ = absl::StrCat("MessagePack: ", what, " at byte ", Offset());
    return false;
  }

  bool Need(size_t n) { return static_cast<size_t>(end_ - at_) >= n || Fail("unexpected end"); }

  // A big-endian unsigned integer of `bytes` bytes.
  bool Uint(size_t bytes, uint64_t& out) {
    if (!Need(bytes)) return false;
    out = 0;
    for (size_t i = 0; i < bytes; ++i) out = (out << 8) | at_[i];
    at_ += bytes;
    return true;
  }

  bool Str(size_t n, std::string& out) {
    if (!Need(n)) return false;
    out.assign(reinterpret_cast<const char*>(at_), n);
    at_ += n;
    return true;
  }

  bool Binary(size_t n, bool has_subtype, json& out) {
    uint64_t subtype = 0;
    if (has_subtype && !Uint(1, subtype)) return false;
    if (!Need(n)) return false;
    std::vector<uint8_t> bytes(at_, at_ + n);
    at_ += n;
    out = has_subtype ? json::binary(std::move(bytes), static_cast<uint8_t>(subtype)) : json::binary(std::move(bytes));
    return true;
  }

  bool Array(size_t n, json& out, int depth) {
    out = json::array();
    auto& items = *out.get_ptr<json::array_t*>();
    // Every element takes a byte at least: a damaged length cannot reserve more than that.
    items.reserve(std::min(n, static_cast<size_t>(end_ - at_)));
    for (size_t i = 0; i < n; ++i) {
      items.emplace_back();
      if (!Value(items.back(), depth + 1)) return false;
    }
    return true;
  }

  bool Map(size_t n, json& out, int depth) {
    out = json::object();
    auto& members = *out.get_ptr<json::object_t*>();
    std::string key;
    for (size_t i = 0; i < n; ++i) {
      if (!Key(key)) return false;
      // A repeated key keeps its last value, as nlohmann's reader does.
      if (!Value(members[key], depth + 1)) return false;
    }
    return true;
  }

  bool Key(std::string& key) {
    if (!Need(1)) return false;
    const uint8_t b = *at_;
    uint64_t n = 0;
    if (b >= 0xa0 && b <= 0xbf) {
      ++at_;
      n = b & 0x1f;
    } else if (b >= 0xd9 && b <= 0xdb) {
      ++at_;
      if (!Uint(size_t{1} << (b - 0xd9), n)) return false;
    } else {
      return Fail("a map key that is not a string");
    }
    return Str(n, key);
  }

  bool Value(json& out, int depth) {
    if (depth > kMaxDepth) return Fail("values nested too deep");
    if (!Need(1)) return false;
    const uint8_t b = *at_++;
    uint64_t n = 0;
    if (b <= 0x7f) {
      out = static_cast<json::number_unsigned_t>(b);
      return true;
    }
    if (b >= 0xe0) {
      out = static_cast<json::number_integer_t>(static_cast<int8_t>(b));
      return true;
    }
    if (b <= 0x8f) return Map(b & 0x0f, out, depth);
    if (b <= 0x9f) return Array(b & 0x0f, out, depth);
    if (b <= 0xbf) {
      std::string s;
      if (!Str(b & 0x1f, s)) return false;
      out = std::move(s);
      return true;
    }
    switch (b) {
      case 0xc0: out = nullptr; return true;
      case 0xc2: out = false; return true;
      case 0xc3: out = true; return true;
      case 0xc4: case 0xc5: case 0xc6:  // bin 8, 16, 32
        return Uint(size_t{1} << (b - 0xc4), n) && Binary(n, false, out);
      case 0xc7: case 0xc8: case 0xc9:  // ext 8, 16, 32: a subtype, then the bytes
        return Uint(size_t{1} << (b - 0xc7), n) && Binary(n, true, out);
      case 0xca: {
        if (!Uint(4, n)) return false;
        const uint32_t bits = static_cast<uint32_t>(n);
        float f;
        std::memcpy(&f, &bits, sizeof f);
        out = static_cast<json::number_float_t>(f);
        return true;
      }
      case 0xcb: {
        if (!Uint(8, n)) return false;
        double d;
        std::memcpy(&d, &n, sizeof d);
        out = d;
        return true;
      }
      case 0xcc: case 0xcd: case 0xce: case 0xcf:
        if (!Uint(size_t{1} << (b - 0xcc), n)) return false;
        out = static_cast<json::number_unsigned_t>(n);
        return true;
      case 0xd0: case 0xd1: case 0xd2: case 0xd3: {
        const size_t bytes = size_t{1} << (b - 0xd0);
        if (!Uint(bytes, n)) return false;
        // Sign-extend from the width read.
        const int shift = static_cast<int>(64 - 8 * bytes);
        out = static_cast<json::number_integer_t>(static_cast<int64_t>(n << shift) >> shift);
        return true;
      }
      case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8:  // fixext 1, 2, 4, 8, 16
        return Binary(size_t{1} << (b - 0xd4), true, out);
      case 0xd9: case 0xda: case 0xdb: {
        std::string s;
        if (!Uint(size_t{1} << (b - 0xd9), n) || !Str(n, s)) return false;
        out = std::move(s);
        return true;
      }
      case 0xdc: case 0xdd:
        return Uint(b == 0xdc ? 2 : 4, n) && Array(n, out, depth);
      case 0xde: case 0xdf:
        return Uint(b == 0xde ? 2 : 4, n) && Map(n, out, depth);
      default:
        --at_;
        return Fail("an unknown type byte");
    }
  }

  const uint8_t* at_;
  const uint8_t* const end_;
  const uint8_t* const begin_;
  std::string error_;
};

}  // namespace

absl::StatusOr<json> ReadMsgpack(const uint8_t* data, size_t size) { return Reader(data, size).ReadAll(); }

}  // namespace dsconform
