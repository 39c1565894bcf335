#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_FRAME_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_FRAME_H_

// The framing of the engine protocol (docs/engine-protocol.md, "Frames").

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// "protocol error: <what>", the message every malformed frame or message gets.
absl::Status ProtocolError(absl::string_view what);


// Limits a receiver enforces, so that garbage on the wire is a prompt error
// rather than an attempt to allocate gigabytes. A batch's results are one
// header (a Frequent items batch of 320 cases listing every row: 24 MB); any
// text read as a length is still refused, its last byte (>= 0x20) making it
// 512 MiB or more.
inline constexpr uint32_t kMaxHeaderBytes = 256u << 20;
inline constexpr uint64_t kMaxPayloadBytes = uint64_t{1} << 32;  // all payloads of one message

// One message: a JSON object header (member "type" names the message) and
// the byte payloads its member "payloads" announces, by size, in order.
struct Frame {
  nlohmann::json header;
  std::vector<std::string> payloads;

  std::string type() const;  // header["type"]
};

// The wire form: u32 little-endian header length, the header as UTF-8 JSON
// (with "payloads" set to the payload sizes), then the payloads back to back.
std::string EncodeFrame(const nlohmann::ordered_json& header, const std::vector<absl::string_view>& payloads);
// The same from the header's compact JSON text (an object without "payloads"), for a header
// written as text rather than built.
std::string EncodeFrameText(std::string header, const std::vector<absl::string_view>& payloads);

// Cuts a byte stream into frames, however the bytes arrive.
class FrameDecoder {
 public:
  void Append(absl::string_view bytes);
  // The next complete frame; nullopt while more bytes are needed; an error
  // (InvalidArgument, "protocol error: ...") for a malformed frame, after
  // which the stream cannot be resynchronized.
  absl::StatusOr<std::optional<Frame>> Next();
  // Bytes received that are not part of a returned frame.
  size_t buffered() const { return buffer_.size() - consumed_; }

 private:
  std::string buffer_;
  size_t consumed_ = 0;
  // The header of the frame being received, once its JSON is parsed.
  std::optional<nlohmann::json> header_;
  std::vector<uint64_t> payload_sizes_;
  uint64_t payload_total_ = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_FRAME_H_
