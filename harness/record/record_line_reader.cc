#include "harness/record/record_line_reader.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include "absl/strings/escaping.h"

namespace dsconform {
namespace {

// A cursor over the line. Every read either takes exactly the form the writer writes and moves
// on, or returns false; a false anywhere declines the whole line.
class LineCursor {
 public:
  explicit LineCursor(absl::string_view text) : at_(text.data()), end_(text.data() + text.size()) {}

  bool AtEnd() const { return at_ == end_; }

  bool Char(char c) {
    if (at_ == end_ || *at_ != c) return false;
    ++at_;
    return true;
  }

  // `"key":`, taken only when it is next.
  bool Key(absl::string_view key) {
    const size_t n = key.size() + 3;
    if (static_cast<size_t>(end_ - at_) < n || at_[0] != '"' || std::memcmp(at_ + 1, key.data(), key.size()) != 0 ||
        at_[n - 2] != '"' || at_[n - 1] != ':')
      return false;
    at_ += n;
    return true;
  }

  // The same after a comma: the next member of an object.
  bool NextKey(absl::string_view key) {
    const char* before = at_;
    if (Char(',') && Key(key)) return true;
    at_ = before;
    return false;
  }

  // A string of ASCII; escapes as JSON has them, \u only below 0x80 (the writer's control
  // characters). Anything else declines, so that no question of UTF-8 arises here.
  bool String(std::string* out) {
    if (!Char('"')) return false;
    out->clear();
    while (true) {
      const char* run = at_;
      while (at_ != end_ && *at_ != '"' && *at_ != '\\' && static_cast<unsigned char>(*at_) >= 0x20 &&
             static_cast<unsigned char>(*at_) < 0x80)
        ++at_;
      out->append(run, static_cast<size_t>(at_ - run));
      if (at_ == end_) return false;
      const char c = *at_++;
      if (c == '"') return true;
      if (c != '\\' || at_ == end_) return false;
      switch (*at_++) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          if (end_ - at_ < 4) return false;
          unsigned code = 0;
          for (int i = 0; i < 4; ++i) {
            const int d = HexDigit(*at_++, /*upper_too=*/true);
            if (d < 0) return false;
            code = code * 16 + static_cast<unsigned>(d);
          }
          if (code >= 0x80) return false;
          out->push_back(static_cast<char>(code));
          break;
        }
        default:
          return false;
      }
    }
  }

  // An unsigned integer as JSON writes one: digits, no leading zero, nothing of a float after.
  bool Uint(uint64_t* out, uint64_t max = std::numeric_limits<uint64_t>::max()) {
    if (at_ == end_ || *at_ < '0' || *at_ > '9') return false;
    if (*at_ == '0' && end_ - at_ > 1 && at_[1] >= '0' && at_[1] <= '9') return false;
    uint64_t v = 0;
    while (at_ != end_ && *at_ >= '0' && *at_ <= '9') {
      const uint64_t d = static_cast<uint64_t>(*at_ - '0');
      if (v > (max - d) / 10) return false;
      v = v * 10 + d;
      ++at_;
    }
    if (at_ != end_ && (*at_ == '.' || *at_ == 'e' || *at_ == 'E')) return false;
    *out = v;
    return true;
  }

  bool Uint32(uint32_t* out) {
    uint64_t v = 0;
    if (!Uint(&v, std::numeric_limits<uint32_t>::max())) return false;
    *out = static_cast<uint32_t>(v);
    return true;
  }

  bool Int(int64_t* out, int64_t min = std::numeric_limits<int64_t>::min(),
           int64_t max = std::numeric_limits<int64_t>::max()) {
    const bool negative = Char('-');
    uint64_t magnitude = 0;
    const uint64_t limit = negative ? uint64_t{0} - static_cast<uint64_t>(min) : static_cast<uint64_t>(max);
    if (!Uint(&magnitude, limit)) return false;
    *out = negative ? static_cast<int64_t>(uint64_t{0} - magnitude) : static_cast<int64_t>(magnitude);
    return true;
  }

  bool Bool(bool* out) {
    if (static_cast<size_t>(end_ - at_) >= 4 && std::memcmp(at_, "true", 4) == 0) {
      at_ += 4;
      *out = true;
      return true;
    }
    if (static_cast<size_t>(end_ - at_) >= 5 && std::memcmp(at_, "false", 5) == 0) {
      at_ += 5;
      *out = false;
      return true;
    }
    return false;
  }

  // The text of the JSON value that starts here, whatever it is; the caller parses it.
  bool RawValue(absl::string_view* out) {
    const char* begin = at_;
    int depth = 0;
    do {
      if (at_ == end_) return false;
      const char c = *at_;
      if (c == '"') {
        std::string ignored;
        if (!String(&ignored)) return false;
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']') --depth;
      if (depth < 0 || (depth == 0 && c == ',')) return false;
      ++at_;
    } while (depth > 0 || (at_ != end_ && *at_ != ',' && *at_ != '}'));
    *out = absl::string_view(begin, static_cast<size_t>(at_ - begin));
    return true;
  }

  static int HexDigit(char c, bool upper_too) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (upper_too && c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

 private:
  const char* at_;
  const char* end_;
};

// Hex of whole bytes, as RecordFromJson checks it (`upper_too`: bytes' images accept A-F).
bool HexBytes(const std::string& hex, bool upper_too, std::string* out) {
  if (hex.size() % 2 != 0) return false;
  for (char c : hex)
    if (LineCursor::HexDigit(c, upper_too) < 0) return false;
  *out = absl::HexStringToBytes(hex);
  return true;
}

bool ReadValue(LineCursor& in, Value* out) {
  std::string kind, text, bytes;
  if (!in.Char('{') || !in.Key("kind") || !in.String(&kind)) return false;
  if (kind == "bytes") {
    if (!in.NextKey("hex") || !in.String(&text) || !HexBytes(text, true, &bytes)) return false;
    *out = Value::Bytes(std::move(bytes));
  } else if (kind == "double") {
    // The bits are the value; "value" is their decimal for people.
    if (!in.NextKey("bits") || !in.String(&text) || text.size() != 16 || !HexBytes(text, false, &bytes)) return false;
    uint64_t bits = 0;
    for (unsigned char b : bytes) bits = (bits << 8) | b;
    if (!in.NextKey("value") || !in.String(&text)) return false;
    *out = Value::DoubleBits(bits);
  } else if (kind == "int") {
    int64_t v = 0;
    if (!in.NextKey("value") || !in.Int(&v)) return false;
    *out = Value::Int(v);
  } else if (kind == "bool") {
    bool v = false;
    if (!in.NextKey("value") || !in.Bool(&v)) return false;
    *out = Value::Bool(v);
  } else if (kind == "string" || kind == "unsupported") {
    if (!in.NextKey("text") || !in.String(&text)) return false;
    *out = kind == "string" ? Value::String(std::move(text)) : Value::Unsupported(std::move(text));
  } else if (kind == "error") {
    std::string message, stack;
    if (!in.NextKey("class") || !in.String(&text) || !in.NextKey("message") || !in.String(&message)) return false;
    if (in.NextKey("stack") && !in.String(&stack)) return false;
    *out = Value::Error(std::move(text), std::move(message), std::move(stack));
  } else if (kind == "digest" || kind == "omitted") {
    const bool digest = kind == "digest";
    uint64_t length = 0;
    if (!in.NextKey("length") || !in.Uint(&length) || !in.NextKey(digest ? "sha256" : "head") || !in.String(&text) ||
        !HexBytes(text, false, &bytes))
      return false;
    if (digest ? bytes.size() != 32 : bytes.size() > Value::kOmittedHead) return false;
    if (digest) {
      *out = Value::Digest(length, std::move(bytes));
    } else {
      *out = Value::Omitted(bytes);
      out->bits = length;
    }
  } else {
    return false;
  }
  return in.Char('}');
}

// One side of a difference: "missing_in_<side>":true, or the value under "<side>". Both names are
// given, so that none is built for every difference.
bool ReadSide(LineCursor& in, absl::string_view missing_key, absl::string_view side, bool* missing, Value* value) {
  if (in.NextKey(missing_key)) {
    if (!in.Bool(missing)) return false;
    if (*missing) return true;
  }
  return in.NextKey(side) && ReadValue(in, value);
}

bool ReadDecoded(LineCursor& in, DecodedDiff* d) {
  return in.Char('{') && in.Key("field") && in.String(&d->field) && in.NextKey("offset") && in.Uint32(&d->offset) &&
         in.NextKey("size") && in.Uint32(&d->size) && in.NextKey("reference") && in.String(&d->reference) &&
         in.NextKey("candidate") && in.String(&d->candidate) && in.Char('}');
}

// The elements of an array, each read by `one`, up to its closing bracket.
template <typename ReadOne>
bool ReadArray(LineCursor& in, ReadOne one) {
  if (!in.Char('[')) return false;
  if (in.Char(']')) return true;
  do {
    if (!one()) return false;
  } while (in.Char(','));
  return in.Char(']');
}

bool ReadDiff(LineCursor& in, FieldDiff* d) {
  if (!in.Char('{') || !in.Key("field") || !in.String(&d->field)) return false;
  if (in.NextKey("known") && !in.Bool(&d->known)) return false;
  if (!ReadSide(in, "missing_in_reference", "reference", &d->missing_in_reference, &d->reference) ||
      !ReadSide(in, "missing_in_candidate", "candidate", &d->missing_in_candidate, &d->candidate))
    return false;
  if (in.NextKey("ranges") && !ReadArray(in, [&] {
        ByteRange br;
        if (!in.Char('[') || !in.Uint32(&br.begin) || !in.Char(',') || !in.Uint32(&br.end) || !in.Char(']'))
          return false;
        d->ranges.push_back(br);
        return true;
      }))
    return false;
  if (in.NextKey("ranges_total") && !in.Uint(&d->ranges_total)) return false;
  if (in.NextKey("decoded") && !ReadArray(in, [&] {
        d->decoded.emplace_back();
        return ReadDecoded(in, &d->decoded.back());
      }))
    return false;
  return in.Char('}');
}

bool ReadExpectation(LineCursor& in, Record* r) {
  if (!in.Char('{') || !in.Key("reason") || !in.String(&r->expectation_reason) || !in.NextKey("link") ||
      !in.String(&r->expectation_link))
    return false;
  if (in.NextKey("findings") && !ReadArray(in, [&] {
        r->expectation_findings.emplace_back();
        return in.String(&r->expectation_findings.back());
      }))
    return false;
  return in.Char('}');
}

// The members after "diffs": kinds' samples, in name order as the writer's map has them (so none
// twice). A member of no kind given declines the line (RecordFromJson leaves such a member out).
bool ReadTruthMembers(LineCursor& in, Record* r, const TruthKinds& truth_kinds) {
  std::string previous;
  while (in.Char(',')) {
    std::string member;
    absl::string_view text;
    if (!in.String(&member) || !in.Char(':') || !in.RawValue(&text)) return false;
    if (!previous.empty() && member <= previous) return false;
    const TruthKind* kind = nullptr;
    for (const TruthKind* k : truth_kinds)
      if (k->record_member() == member) kind = k;
    if (kind == nullptr) return false;
    const nlohmann::json value = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (value.is_discarded()) return false;
    auto samples = kind->SamplesFromJson(value);
    if (!samples.ok()) return false;
    r->truth_samples[member] = std::move(*samples);
    previous = std::move(member);
  }
  return true;
}

bool ReadRecord(LineCursor& in, Record* r, const TruthKinds& truth_kinds) {
  std::string verdict;
  int64_t fields_compared = 0;
  if (!in.Char('{') || !in.Key("index") || !in.Int(&r->index) || !in.NextKey("case") || !in.String(&r->case_id) ||
      !in.NextKey("suite") || !in.String(&r->suite) || !in.NextKey("family") || !in.String(&r->family) ||
      !in.NextKey("reference") || !in.String(&r->reference) || !in.NextKey("candidate") ||
      !in.String(&r->candidate))
    return false;
  if (in.NextKey("writer") && !in.String(&r->writer)) return false;
  if (!in.NextKey("verdict") || !in.String(&verdict) || !VerdictFromName(verdict, &r->verdict) ||
      !in.NextKey("fields_compared") ||
      !in.Int(&fields_compared, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()))
    return false;
  r->fields_compared = static_cast<int>(fields_compared);
  if (in.NextKey("note") && !in.String(&r->note)) return false;
  if (in.NextKey("expectation") && !ReadExpectation(in, r)) return false;
  if (!in.NextKey("diffs") || !ReadArray(in, [&] {
        r->diffs.emplace_back();
        return ReadDiff(in, &r->diffs.back());
      }))
    return false;
  return ReadTruthMembers(in, r, truth_kinds) && in.Char('}') && in.AtEnd();
}

}  // namespace

bool ReadRecordLineAsWritten(absl::string_view line, Record* out, const TruthKinds& truth_kinds) {
  LineCursor in(line);
  Record r;
  if (!ReadRecord(in, &r, truth_kinds)) return false;
  *out = std::move(r);
  return true;
}

}  // namespace dsconform
