#include "harness/engine/observation.h"

#include <cstring>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/case/json_text.h"
#include "harness/corpus/sha256.h"

namespace dsconform {

Value Value::Bytes(std::string b) {
  Value v;
  v.kind = Kind::kBytes;
  v.bytes = std::move(b);
  return v;
}
Value Value::Double(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  return DoubleBits(bits);
}
Value Value::DoubleBits(uint64_t bits) {
  Value v;
  v.kind = Kind::kDouble;
  v.bits = bits;
  return v;
}
Value Value::Int(int64_t i) {
  Value v;
  v.kind = Kind::kInt;
  v.bits = static_cast<uint64_t>(i);
  return v;
}
Value Value::Bool(bool b) {
  Value v;
  v.kind = Kind::kBool;
  v.bits = b ? 1 : 0;
  return v;
}
Value Value::String(std::string s) {
  Value v;
  v.kind = Kind::kString;
  v.bytes = std::move(s);
  return v;
}
Value Value::Error(std::string cls, std::string message, std::string stack) {
  Value v;
  v.kind = Kind::kError;
  v.error_class = std::move(cls);
  v.bytes = std::move(message);
  v.stack = std::move(stack);
  return v;
}
Value Value::Unsupported(std::string reason) {
  Value v;
  v.kind = Kind::kUnsupported;
  v.bytes = std::move(reason);
  return v;
}

Value Value::Digest(uint64_t length, std::string sha256) {
  Value v;
  v.kind = Kind::kDigest;
  v.bits = length;
  v.bytes = std::move(sha256);
  return v;
}
Value Value::DigestOf(const std::string& image) { return Digest(image.size(), Sha256(image)); }

Value Value::Omitted(const std::string& image) {
  Value v;
  v.kind = Kind::kOmitted;
  v.bits = image.size();
  v.bytes = image.substr(0, kOmittedHead);
  return v;
}

bool Value::SameImage(const Value& other) const {
  if (kind == Kind::kBytes && other.kind == Kind::kBytes) return bytes == other.bytes;
  if (kind == Kind::kDigest && other.kind == Kind::kDigest) return bits == other.bits && bytes == other.bytes;
  if (kind == Kind::kDigest && other.kind == Kind::kBytes) return bits == other.bytes.size() && bytes == Sha256(other.bytes);
  if (kind == Kind::kBytes && other.kind == Kind::kDigest) return other.SameImage(*this);
  return false;
}

double Value::AsDouble() const {
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

const char* ValueKindName(Value::Kind kind) {
  switch (kind) {
    case Value::Kind::kBytes: return "bytes";
    case Value::Kind::kDouble: return "double";
    case Value::Kind::kInt: return "int";
    case Value::Kind::kBool: return "bool";
    case Value::Kind::kString: return "string";
    case Value::Kind::kError: return "error";
    case Value::Kind::kUnsupported: return "unsupported";
    case Value::Kind::kDigest: return "digest";
    case Value::Kind::kOmitted: return "omitted";
  }
  return "?";
}

std::string Value::Summary() const {
  switch (kind) {
    case Kind::kBytes:
      return absl::StrCat(bytes.size(), " bytes ",
                          absl::BytesToHexString(bytes.substr(0, 16)), bytes.size() > 16 ? "..." : "");
    case Kind::kDouble:
      return absl::StrFormat("%.17g (0x%016x)", AsDouble(), bits);
    case Kind::kInt:
      return absl::StrCat(static_cast<int64_t>(bits));
    case Kind::kBool:
      return bits ? "true" : "false";
    case Kind::kString:
      return bytes;
    case Kind::kError:
      return absl::StrCat("threw ", error_class, ": ", bytes);
    case Kind::kUnsupported:
      return absl::StrCat("not supported: ", bytes);
    case Kind::kDigest:
      return absl::StrCat(bits, " bytes sha256 ", absl::BytesToHexString(bytes).substr(0, 16), "... (digest)");
    case Kind::kOmitted:
      return absl::StrCat(bits, " bytes ", absl::BytesToHexString(bytes.substr(0, 16)), "... (not kept whole)");
  }
  return "";
}

const Value* Observations::Find(const std::string& name) const {
  for (const auto& f : fields)
    if (f.name == name) return &f.value;
  return nullptr;
}

void WriteValueJson(const Value& v, JsonText& out) {
  out.BeginObject();
  WriteValueMembers(v, out);
  out.EndObject();
}

void WriteValueMembers(const Value& v, JsonText& out) {
  out.Key("kind").String(ValueKindName(v.kind));
  switch (v.kind) {
    case Value::Kind::kBytes:
      out.Key("hex").String(absl::BytesToHexString(v.bytes));
      break;
    case Value::Kind::kDouble:
      out.Key("bits").String(absl::StrFormat("%016x", v.bits));
      out.Key("value").String(absl::StrFormat("%.17g", v.AsDouble()));
      break;
    case Value::Kind::kInt:
      out.Key("value").Int(static_cast<int64_t>(v.bits));
      break;
    case Value::Kind::kBool:
      out.Key("value").Bool(v.bits != 0);
      break;
    case Value::Kind::kString:
    case Value::Kind::kUnsupported:
      out.Key("text").String(v.bytes);
      break;
    case Value::Kind::kError:
      out.Key("class").String(v.error_class);
      out.Key("message").String(v.bytes);
      if (!v.stack.empty()) out.Key("stack").String(v.stack);
      break;
    case Value::Kind::kDigest:
      out.Key("length").Uint(v.bits);
      out.Key("sha256").String(absl::BytesToHexString(v.bytes));
      break;
    case Value::Kind::kOmitted:
      out.Key("length").Uint(v.bits);
      out.Key("head").String(absl::BytesToHexString(v.bytes));
      break;
  }
}

bool ValueFromJson(const nlohmann::json& j, Value* out, std::string* error) {
  try {
    const std::string kind = j.at("kind").get<std::string>();
    if (kind == "bytes") {
      const std::string hex = j.at("hex").get<std::string>();
      if (hex.size() % 2 != 0 || hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
        *error = "bad hex";
        return false;
      }
      *out = Value::Bytes(absl::HexStringToBytes(hex));
    } else if (kind == "double") {
      *out = Value::DoubleBits(std::stoull(j.at("bits").get<std::string>(), nullptr, 16));
    } else if (kind == "int") {
      *out = Value::Int(j.at("value").get<int64_t>());
    } else if (kind == "bool") {
      *out = Value::Bool(j.at("value").get<bool>());
    } else if (kind == "string") {
      *out = Value::String(j.at("text").get<std::string>());
    } else if (kind == "unsupported") {
      *out = Value::Unsupported(j.at("text").get<std::string>());
    } else if (kind == "digest") {
      const std::string hex = j.at("sha256").get<std::string>();
      if (hex.size() != 64 || hex.find_first_not_of("0123456789abcdef") != std::string::npos) {
        *error = "sha256 must be 64 lowercase hex digits";
        return false;
      }
      *out = Value::Digest(j.at("length").get<uint64_t>(), absl::HexStringToBytes(hex));
    } else if (kind == "omitted") {
      const std::string hex = j.at("head").get<std::string>();
      if (hex.size() % 2 != 0 || hex.size() > 2 * Value::kOmittedHead ||
          hex.find_first_not_of("0123456789abcdef") != std::string::npos) {
        *error = "head must be at most 32 bytes as lowercase hex";
        return false;
      }
      *out = Value::Omitted(absl::HexStringToBytes(hex));
      out->bits = j.at("length").get<uint64_t>();
    } else if (kind == "error") {
      *out = Value::Error(j.at("class").get<std::string>(), j.at("message").get<std::string>(),
                          j.value("stack", std::string()));
    } else {
      *error = "unknown value kind '" + kind + "'";
      return false;
    }
  } catch (const std::exception& e) {
    *error = e.what();
    return false;
  }
  return true;
}

}  // namespace dsconform
