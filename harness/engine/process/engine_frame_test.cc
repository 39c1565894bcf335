#include "harness/engine/process/engine_frame.h"

#include <cstring>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

// Decodes exactly one frame from `bytes`.
absl::StatusOr<Frame> DecodeOne(const std::string& bytes) {
  FrameDecoder d;
  d.Append(bytes);
  auto next = d.Next();
  if (!next.ok()) return next.status();
  if (!*next) return absl::NotFoundError("incomplete");
  EXPECT_EQ(d.buffered(), 0u);
  return std::move(**next);
}

std::string RawFrame(const std::string& header_text, const std::string& tail = "") {
  std::string out(4, '\0');
  const uint32_t n = static_cast<uint32_t>(header_text.size());
  for (int i = 0; i < 4; ++i) out[i] = static_cast<char>((n >> (8 * i)) & 0xff);
  return out + header_text + tail;
}

std::string ErrorOf(const std::string& bytes) {
  auto f = DecodeOne(bytes);
  return f.ok() ? "" : std::string(f.status().message());
}

TEST(EngineFrame, FrameKeepsHeaderAndPayloadsBitForBit) {
  const std::string binary("\0\xff\x01 a\n", 6);
  const std::string bytes = EncodeFrame({{"type", "x"}, {"n", 7}}, {binary, "", "tail"});
  uint32_t n;
  std::memcpy(&n, bytes.data(), 4);  // little-endian on the machines we run on
  EXPECT_EQ(bytes.substr(4, n), R"({"type":"x","n":7,"payloads":[6,0,4]})");
  auto f = DecodeOne(bytes);
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->type(), "x");
  EXPECT_EQ(f->header["n"], 7);
  ASSERT_EQ(f->payloads.size(), 3u);
  EXPECT_EQ(f->payloads[0], binary);
  EXPECT_EQ(f->payloads[1], "");
  EXPECT_EQ(f->payloads[2], "tail");
}

TEST(EngineFrame, AHeaderWrittenAsTextGetsItsSizesAsTheLastMember) {
  auto header_of = [](const std::string& bytes) {
    uint32_t n;
    std::memcpy(&n, bytes.data(), 4);
    return bytes.substr(4, n);
  };
  EXPECT_EQ(header_of(EncodeFrameText(R"({"type":"x","n":[1,{}]})", {"ab"})), R"({"type":"x","n":[1,{}],"payloads":[2]})");
  EXPECT_EQ(header_of(EncodeFrameText("{}", {})), R"({"payloads":[]})");
}

TEST(EngineFrame, DecoderAcceptsBytesInAnyPieces) {
  const std::string two = EncodeFrame({{"type", "a"}}, {"12345"}) + EncodeFrame({{"type", "b"}}, {});
  FrameDecoder d;
  std::vector<std::string> types;
  for (char ch : two) {
    d.Append(std::string(1, ch));
    auto next = d.Next();
    ASSERT_TRUE(next.ok()) << next.status();
    if (*next) types.push_back((*next)->type());
  }
  EXPECT_EQ(types, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(d.buffered(), 0u);
}

TEST(EngineFrame, DecoderWaitsForAMissingPayload) {
  FrameDecoder d;
  d.Append(RawFrame(R"({"type":"x","payloads":[10]})", "12345"));
  auto next = d.Next();
  ASSERT_TRUE(next.ok());
  EXPECT_FALSE(next->has_value());
}

TEST(EngineFrame, MalformedFramesAreProtocolErrors) {
  EXPECT_NE(ErrorOf("this is not a frame\n").find("header length 1936287860 exceeds the limit"), std::string::npos);
  EXPECT_NE(ErrorOf(RawFrame("")).find("empty header"), std::string::npos);
  EXPECT_NE(ErrorOf(RawFrame("{not json")).find("not valid JSON"), std::string::npos);
  EXPECT_NE(ErrorOf(RawFrame("[1,2]")).find("not a JSON object"), std::string::npos);
  EXPECT_NE(ErrorOf(RawFrame(R"({"kind":"x"})")).find("\"type\""), std::string::npos);
  EXPECT_NE(ErrorOf(RawFrame(R"({"type":"x","payloads":[-1]})")).find("non-negative"), std::string::npos);
  EXPECT_NE(ErrorOf(RawFrame(R"({"type":"x","payloads":"3"})")).find("array of sizes"), std::string::npos);
  EXPECT_NE(ErrorOf(RawFrame(R"({"type":"x","payloads":[4294967296,1]})")).find("exceed the limit"),
            std::string::npos);
  EXPECT_NE(ErrorOf(RawFrame("{\"type\":\"\xff\"}")).find("not valid JSON"), std::string::npos);
  for (const std::string& bad : {std::string("this is not a frame\n"), RawFrame("{not json")})
    EXPECT_EQ(ErrorOf(bad).rfind("protocol error: ", 0), 0u) << ErrorOf(bad);
}

}  // namespace
}  // namespace dsconform
