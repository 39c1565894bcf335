#ifndef DSCONFORM_HARNESS_ENGINE_OBSERVATION_H_
#define DSCONFORM_HARNESS_ENGINE_OBSERVATION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace dsconform {

// Bytes [begin, end) of an image: where two images differ, or what a decoder is asked for.
struct ByteRange {
  uint32_t begin = 0;  // first byte
  uint32_t end = 0;    // one past the last
};

// One named output of a case on one engine. Doubles are kept as their 64-bit
// pattern so that -0.0 vs 0.0 and NaN payloads are differences like any other.
struct Value {
  // kDigest stands for an image a corpus kept as length and SHA-256 only;
  // kOmitted for a large differing image a record keeps as its length and first bytes.
  enum class Kind { kBytes, kDouble, kInt, kBool, kString, kError, kUnsupported, kDigest, kOmitted };
  Kind kind = Kind::kInt;
  std::string bytes;  // kBytes: the image; kString: the text; kError: the message; kUnsupported: the reason;
                      // kDigest: the image's SHA-256 (32 bytes); kOmitted: the image's first bytes
  std::string error_class;  // kError: exception class (Java) or C++ exception type
  std::string stack;        // kError: first frames, for people; never compared
  uint64_t bits = 0;        // kDouble: IEEE-754 bits; kInt: two's complement; kBool: 0/1; kDigest, kOmitted: image length

  static Value Bytes(std::string b);
  static Value Double(double d);
  static Value DoubleBits(uint64_t bits);
  static Value Int(int64_t v);
  static Value Bool(bool b);
  static Value String(std::string s);
  static Value Error(std::string cls, std::string message, std::string stack = "");
  static Value Unsupported(std::string reason);
  static Value Digest(uint64_t length, std::string sha256);
  // An image as its digest: the value a corpus keeps of a large image.
  static Value DigestOf(const std::string& image);
  static Value Omitted(const std::string& image);  // keeps the length and kOmittedHead bytes
  static constexpr size_t kOmittedHead = 32;

  double AsDouble() const;
  // Two images are the same whether held whole or as a digest.
  bool SameImage(const Value& other) const;
  // One line for people: doubles as value and bits, images as length and hash prefix.
  std::string Summary() const;
};

const char* ValueKindName(Value::Kind kind);

struct Field {
  std::string name;  // e.g. a.estimate, a.compact, u.result.updatable, error
  Value value;
};

// Everything one engine reported for one case (or one stage of a cross case),
// in the order the program produced it.
struct Observations {
  std::vector<Field> fields;

  void Add(std::string name, Value v) { fields.push_back({std::move(name), std::move(v)}); }
  const Value* Find(const std::string& name) const;
};

// JSON form used by corpus files, records and the out-of-process protocol, written as text: the
// value as an object, or its members into an object the caller has open (the protocol names a
// field in the same object).
class JsonText;  // harness/case/json_text.h
void WriteValueJson(const Value& v, JsonText& out);
void WriteValueMembers(const Value& v, JsonText& out);
bool ValueFromJson(const nlohmann::json& j, Value* out, std::string* error);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_OBSERVATION_H_
