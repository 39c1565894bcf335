#include "harness/engine/process/engine_frame.h"

#include <algorithm>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace dsconform {

absl::Status ProtocolError(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("protocol error: ", what));
}

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;


// Text from engines (exception messages) may hold any bytes; JSON must be
// UTF-8, so invalid sequences become U+FFFD rather than an exception.
std::string DumpJson(const OrderedJson& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

void PutLe32(uint32_t v, std::string* out) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint32_t GetLe32(const char* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

}  // namespace

std::string Frame::type() const {
  auto it = header.find("type");
  return it != header.end() && it->is_string() ? it->get<std::string>() : "";
}

std::string EncodeFrame(const OrderedJson& header, const std::vector<absl::string_view>& payloads) {
  return EncodeFrameText(DumpJson(header), payloads);
}

std::string EncodeFrameText(std::string header, const std::vector<absl::string_view>& payloads) {
  // The sizes become the object's last member, as if set before the header was written.
  std::string sizes = header.size() > 2 ? ",\"payloads\":[" : "\"payloads\":[";
  size_t total = 0;
  for (size_t i = 0; i < payloads.size(); ++i) {
    absl::StrAppend(&sizes, i > 0 ? "," : "", payloads[i].size());
    total += payloads[i].size();
  }
  sizes += "]}";
  header.pop_back();  // its closing brace
  header += sizes;
  std::string out;
  out.reserve(4 + header.size() + total);
  PutLe32(static_cast<uint32_t>(header.size()), &out);
  out += header;
  for (auto p : payloads) out.append(p.data(), p.size());
  return out;
}

void FrameDecoder::Append(absl::string_view bytes) {
  // Drop what earlier frames used before growing, so the buffer never holds a finished frame.
  if (consumed_ > 0 && consumed_ == buffer_.size()) {
    buffer_.clear();
    consumed_ = 0;
  }
  buffer_.append(bytes.data(), bytes.size());
}

absl::StatusOr<std::optional<Frame>> FrameDecoder::Next() {
  if (!header_) {
    if (buffered() < 4) return std::nullopt;
    const uint32_t length = GetLe32(buffer_.data() + consumed_);
    if (length == 0) return ProtocolError("a frame with an empty header");
    if (length > kMaxHeaderBytes)
      return ProtocolError(absl::StrCat("header length ", length, " exceeds the limit of ", kMaxHeaderBytes,
                                        " bytes (is something else writing to the protocol stream?)"));
    if (buffered() < 4 + static_cast<size_t>(length)) return std::nullopt;
    const char* begin = buffer_.data() + consumed_ + 4;
    Json header = Json::parse(begin, begin + length, nullptr, /*allow_exceptions=*/false);
    if (header.is_discarded()) {
      const std::string start(begin, std::min<size_t>(length, 40));
      return ProtocolError(
          absl::StrCat("the header is not valid JSON (starts with \"", absl::CHexEscape(start), "\")"));
    }
    if (!header.is_object()) return ProtocolError("the header is not a JSON object");
    if (auto t = header.find("type"); t == header.end() || !t->is_string())
      return ProtocolError("the header has no string member \"type\"");
    std::vector<uint64_t> sizes;
    uint64_t total = 0;
    if (auto p = header.find("payloads"); p != header.end()) {
      if (!p->is_array()) return ProtocolError("\"payloads\" must be an array of sizes");
      for (const auto& s : *p) {
        if (!s.is_number_unsigned()) return ProtocolError("\"payloads\" must hold non-negative integers");
        const uint64_t n = s.get<uint64_t>();
        if (n > kMaxPayloadBytes || total + n > kMaxPayloadBytes)
          return ProtocolError(absl::StrCat("payloads exceed the limit of ", kMaxPayloadBytes, " bytes"));
        total += n;
        sizes.push_back(n);
      }
    }
    consumed_ += 4 + length;
    header_ = std::move(header);
    payload_sizes_ = std::move(sizes);
    payload_total_ = total;
  }
  if (buffered() < payload_total_) return std::nullopt;
  Frame frame;
  frame.header = std::move(*header_);
  header_.reset();
  frame.payloads.reserve(payload_sizes_.size());
  for (uint64_t n : payload_sizes_) {
    frame.payloads.emplace_back(buffer_.data() + consumed_, static_cast<size_t>(n));
    consumed_ += static_cast<size_t>(n);
  }
  if (consumed_ == buffer_.size()) {
    buffer_.clear();
    consumed_ = 0;
  }
  return std::optional<Frame>(std::move(frame));
}

}  // namespace dsconform
