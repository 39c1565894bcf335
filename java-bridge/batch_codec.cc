#include "java-bridge/batch_codec.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace dsconform {
namespace {

// Tokens are separated by single spaces and parsed as Java strings, so they must be printable
// ASCII without spaces; `forbidden` adds the separators of the token's own structure.
bool IsToken(std::string_view s, std::string_view forbidden = "") {
  for (char c : s) {
    if (c <= 0x20 || c >= 0x7f || forbidden.find(c) != std::string_view::npos) return false;
  }
  return true;
}

// A list element: every byte that cannot stand in a token, and `,` and `%`, as %HH (the UTF-8
// bytes of an aos summary's strings, empty strings between commas).
std::string ListElement(std::string_view s) {
  std::string out;
  for (char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if (b <= 0x20 || b >= 0x7f || c == ',' || c == '%') absl::StrAppend(&out, "%", absl::Hex(b, absl::kZeroPad2));
    else out.push_back(c);
  }
  return out;
}

absl::StatusOr<std::string> ArgValue(const nlohmann::ordered_json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  if (v.is_boolean()) return std::string(v.get<bool>() ? "1" : "0");
  if (v.is_array()) {
    std::vector<std::string> parts;
    for (const auto& e : v) {
      if (!e.is_string()) return absl::InvalidArgumentError("list element " + e.dump());
      parts.push_back(ListElement(e.get<std::string>()));
    }
    return absl::StrJoin(parts, ",");
  }
  return absl::InvalidArgumentError("value " + v.dump());
}

// Hands out blob indexes, one per distinct tape or image (cross stages share their tapes).
class BlobTable {
 public:
  explicit BlobTable(std::vector<std::string_view>& blobs) : blobs_(blobs) {}
  absl::StatusOr<size_t> Add(std::string_view bytes) {
    if (bytes.size() > static_cast<size_t>(std::numeric_limits<int32_t>::max()))
      return absl::InvalidArgumentError(absl::StrCat(bytes.size(), " bytes; Java buffers hold under 2 GiB"));
    auto [it, added] = index_.emplace(std::make_pair(bytes.data(), bytes.size()), blobs_.size());
    if (added) blobs_.push_back(bytes);
    return it->second;
  }

 private:
  std::vector<std::string_view>& blobs_;
  // By place and length: tapes of one stream may be prefixes of one buffer.
  std::map<std::pair<const char*, size_t>, size_t> index_;
};

absl::Status EncodeStage(const PreparedStage& stage, EncodedBatch& out, BlobTable& blobs) {
  const std::string& id = stage.source ? stage.source->id : std::string("?");
  const std::string& family = stage.source ? stage.source->family : std::string("?");
  const auto fail = [&](const std::string& where, const std::string& what) {
    return absl::InvalidArgumentError(absl::StrCat("case ", id, ": ", where, ": ", what, " cannot cross to Java"));
  };
  if (!IsToken(family)) return fail("family", family);
  absl::StrAppend(&out.program, "case ", family, " ", stage.ops->size(), "\n");
  for (const auto& [name, bytes] : stage.images) {
    if (!IsToken(name)) return fail("image", "name '" + name + "'");
    auto blob = blobs.Add(bytes);
    if (!blob.ok()) return fail("image " + name, std::string(blob.status().message()));
    absl::StrAppend(&out.program, "image ", name, " ", *blob, "\n");
  }
  size_t tape = 0;
  for (size_t i = 0; i < stage.ops->size(); ++i) {
    const Op& op = (*stage.ops)[i];
    const auto where = [i] { return absl::StrCat("/ops/", i); };  // only built for an error
    if (!IsToken(op.op)) return fail(where(), "step '" + op.op + "'");
    if (!op.sketch.empty() && !IsToken(op.sketch)) return fail(where(), "slot '" + op.sketch + "'");
    absl::StrAppend(&out.program, "op ", op.op, " sketch=", op.sketch);
    for (auto it = op.args.begin(); it != op.args.end(); ++it) {
      auto value = ArgValue(it.value());
      if (!IsToken(it.key(), "=") || !value.ok() || !IsToken(*value)) {
        return fail(absl::StrCat(where(), "/", it.key()), value.ok() ? "'" + *value + "'" : std::string(value.status().message()));
      }
      absl::StrAppend(&out.program, " ", it.key(), "=", *value);
    }
    if (op.items) {
      if (tape >= stage.tapes.size() || !stage.tapes[tape]) return fail(where(), "missing item tape (PrepareStage)");
      auto blob = blobs.Add(*stage.tapes[tape++]);
      if (!blob.ok()) return fail(where(), "item tape of " + std::string(blob.status().message()));
      absl::StrAppend(&out.program, " items=", ItemKindName(op.items->kind()), ":", *blob, ":", op.items->count);
    }
    out.program += "\n";
    // Every slot it names is some step's `sketch`, checked a token above.
    if (i < stage.done_after.size() && !stage.done_after[i].empty())
      absl::StrAppend(&out.program, "drop ", absl::StrJoin(stage.done_after[i], " "), "\n");
  }
  return absl::OkStatus();
}

// Reads the little-endian result format from its chunks; every read is bounds-checked. The
// writer never splits a field or a stage header across chunks, so a read takes its bytes from one
// chunk: the next once this one is used up.
class Reader {
 public:
  explicit Reader(absl::Span<const std::string_view> chunks) : chunks_(chunks) {}
  bool U8(uint8_t* v) { return Fixed(1, v); }
  bool U16(uint16_t* v) { return Fixed(2, v); }
  bool U32(uint32_t* v) { return Fixed(4, v); }
  bool U64(uint64_t* v) { return Fixed(8, v); }
  bool Bytes(size_t n, std::string* out) {
    if (!Has(n)) return false;
    out->assign(Chunk().data() + pos_, n);
    pos_ += n;
    return true;
  }
  bool Blob(std::string* out) {
    uint32_t n;
    return U32(&n) && Bytes(n, out);
  }
  // Where the next read starts, counted over all chunks.
  size_t pos() const { return before_ + pos_; }
  bool done() {
    Has(0);
    return chunk_ >= chunks_.size() || (chunk_ + 1 == chunks_.size() && pos_ == Chunk().size());
  }
  size_t left() {
    size_t n = 0;
    for (size_t i = chunk_; i < chunks_.size(); ++i) n += chunks_[i].size();
    return n - pos_;
  }

 private:
  std::string_view Chunk() const { return chunks_[chunk_]; }
  // Whether n bytes follow in the current chunk, after moving past those used up.
  bool Has(size_t n) {
    while (chunk_ + 1 < chunks_.size() && pos_ == Chunk().size()) {
      before_ += pos_;
      pos_ = 0;
      ++chunk_;
    }
    return chunk_ < chunks_.size() && Chunk().size() - pos_ >= n;
  }
  template <typename T>
  bool Fixed(size_t n, T* v) {
    if (!Has(n)) return false;
    uint64_t x = 0;
    for (size_t i = 0; i < n; ++i) x |= uint64_t{static_cast<uint8_t>(Chunk()[pos_ + i])} << (8 * i);
    *v = static_cast<T>(x);
    pos_ += n;
    return true;
  }
  absl::Span<const std::string_view> chunks_;
  size_t chunk_ = 0;
  size_t pos_ = 0;
  size_t before_ = 0;
};

bool ReadValue(Reader& r, uint8_t kind, Value* v) {
  switch (kind) {
    case 1: {
      std::string b;
      if (!r.Blob(&b)) return false;
      *v = Value::Bytes(std::move(b));
      return true;
    }
    case 2: {
      uint64_t bits;
      if (!r.U64(&bits)) return false;
      *v = Value::DoubleBits(bits);
      return true;
    }
    case 3: {
      uint64_t bits;
      if (!r.U64(&bits)) return false;
      *v = Value::Int(static_cast<int64_t>(bits));
      return true;
    }
    case 4: {
      uint8_t b;
      if (!r.U8(&b) || b > 1) return false;
      *v = Value::Bool(b == 1);
      return true;
    }
    case 5: {
      std::string s;
      if (!r.Blob(&s)) return false;
      *v = Value::String(std::move(s));
      return true;
    }
    case 6: {
      std::string cls, message, stack;
      if (!r.Blob(&cls) || !r.Blob(&message) || !r.Blob(&stack)) return false;
      *v = Value::Error(std::move(cls), std::move(message), std::move(stack));
      return true;
    }
    case 7: {
      std::string reason;
      if (!r.Blob(&reason)) return false;
      *v = Value::Unsupported(std::move(reason));
      return true;
    }
  }
  return false;
}

}  // namespace

absl::StatusOr<EncodedBatch> EncodeBatch(absl::Span<const PreparedStage> stages) {
  EncodedBatch out;
  BlobTable blobs(out.blobs);
  for (const auto& stage : stages) {
    if (stage.ops == nullptr) return absl::InvalidArgumentError("a prepared stage has no ops");
    if (auto st = EncodeStage(stage, out, blobs); !st.ok()) return st;
  }
  return out;
}

absl::StatusOr<std::vector<Observations>> DecodeBatchResult(absl::Span<const std::string_view> chunks,
                                                             size_t stage_count) {
  Reader r(chunks);
  std::vector<Observations> out(stage_count);
  for (size_t s = 0; s < stage_count; ++s) {
    uint32_t fields;
    if (!r.U32(&fields)) {
      return absl::DataLossError(absl::StrCat("Java result: stage ", s, " of ", stage_count, " missing at byte ", r.pos()));
    }
    // Room for them at once (FI's lists are thousands of fields); no more than the bytes left
    // can hold (3 a field at least: its name's length and its kind), whatever the count says.
    out[s].fields.reserve(std::min<size_t>(fields, r.left() / 3));
    for (uint32_t f = 0; f < fields; ++f) {
      uint16_t name_length;
      uint8_t kind;
      std::string name;
      Value v;
      if (!r.U16(&name_length) || !r.Bytes(name_length, &name) || !r.U8(&kind) || !ReadValue(r, kind, &v)) {
        return absl::DataLossError(absl::StrCat("Java result: stage ", s, ", field ", f, " ('", name,
                                                "') is malformed near byte ", r.pos()));
      }
      out[s].Add(std::move(name), std::move(v));
    }
  }
  if (!r.done()) return absl::DataLossError(absl::StrCat("Java result: ", r.left(), " bytes left over"));
  return out;
}

}  // namespace dsconform
