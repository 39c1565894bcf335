#include "harness/engine/observation.h"

#include <cmath>

#include "gtest/gtest.h"
#include "harness/case/json_text.h"

namespace dsconform {
namespace {

nlohmann::json ValueAsJson(const Value& v) {
  std::string text;
  JsonText out(&text);
  WriteValueJson(v, out);
  return nlohmann::json::parse(text);
}

TEST(Value, KeepsNegativeZeroAndNanPayloadAsBits) {
  EXPECT_NE(Value::Double(-0.0).bits, Value::Double(0.0).bits);
  EXPECT_EQ(Value::DoubleBits(0x7ff8000000000001ULL).bits, 0x7ff8000000000001ULL);
  EXPECT_TRUE(std::isnan(Value::DoubleBits(0x7ff8000000000001ULL).AsDouble()));
}

TEST(Value, JsonRoundTripPreservesEveryKind) {
  const Value values[] = {Value::Bytes(std::string("\x00\xff", 2)), Value::DoubleBits(0x8000000000000000ULL),
                          Value::Int(-5), Value::Bool(true), Value::String("HLL_4"),
                          Value::Error("SketchesArgumentException", "bad image"), Value::Unsupported("wrap")};
  for (const auto& v : values) {
    Value back;
    std::string err;
    ASSERT_TRUE(ValueFromJson(ValueAsJson(v), &back, &err)) << err;
    EXPECT_EQ(back.kind, v.kind);
    EXPECT_EQ(back.bits, v.bits);
    EXPECT_EQ(back.bytes, v.bytes);
    EXPECT_EQ(back.error_class, v.error_class);
  }
}

TEST(Value, SummaryShowsDoubleAndItsBits) {
  EXPECT_EQ(Value::Double(1.5).Summary(), "1.5 (0x3ff8000000000000)");
}

}  // namespace
}  // namespace dsconform
