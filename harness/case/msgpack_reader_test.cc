#include "harness/case/msgpack_reader.h"

#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

using json = nlohmann::json;

// Equal values of the same types all the way down: nlohmann's == takes 1u and 1 as equal.
void ExpectSame(const json& got, const json& want, const std::string& path = "$") {
  ASSERT_EQ(got.type(), want.type()) << path;
  if (want.is_object()) {
    ASSERT_EQ(got.size(), want.size()) << path;
    for (auto it = want.begin(); it != want.end(); ++it) {
      ASSERT_TRUE(got.contains(it.key())) << path << "." << it.key();
      ExpectSame(got.at(it.key()), it.value(), path + "." + it.key());
    }
  } else if (want.is_array()) {
    ASSERT_EQ(got.size(), want.size()) << path;
    for (size_t i = 0; i < want.size(); ++i) ExpectSame(got[i], want[i], path + "[" + std::to_string(i) + "]");
  } else {
    EXPECT_EQ(got, want) << path;
  }
}

// What nlohmann's own reader makes of `bytes`, against ours.
void ExpectReadAsNlohmannDoes(const std::vector<uint8_t>& bytes) {
  const json want = json::from_msgpack(bytes, /*strict=*/true, /*allow_exceptions=*/false);
  const auto got = ReadMsgpack(bytes.data(), bytes.size());
  if (want.is_discarded()) {
    EXPECT_FALSE(got.ok()) << "nlohmann rejects these bytes";
    return;
  }
  ASSERT_TRUE(got.ok()) << got.status();
  ExpectSame(*got, want);
}

json Binary(size_t n, std::optional<uint8_t> subtype) {
  std::vector<uint8_t> bytes(n);
  for (size_t i = 0; i < n; ++i) bytes[i] = static_cast<uint8_t>(i * 31 + 7);
  return subtype ? json::binary(bytes, *subtype) : json::binary(bytes);
}

// Every width of every form to_msgpack writes, at the edges where it changes width.
TEST(ReadMsgpack, ReadsEveryFormAsNlohmannDoes) {
  json values = json::array();
  for (uint64_t u : {uint64_t{0}, uint64_t{127}, uint64_t{128}, uint64_t{255}, uint64_t{256}, uint64_t{65535},
                     uint64_t{65536}, uint64_t{4294967295u}, uint64_t{4294967296u},
                     std::numeric_limits<uint64_t>::max()})
    values.push_back(u);
  for (int64_t i : {int64_t{-1}, int64_t{-32}, int64_t{-33}, int64_t{-128}, int64_t{-129}, int64_t{-32768},
                    int64_t{-32769}, int64_t{std::numeric_limits<int32_t>::min()},
                    int64_t{std::numeric_limits<int32_t>::min()} - 1, std::numeric_limits<int64_t>::min()})
    values.push_back(i);
  for (double d : {0.0, -0.0, 1.5, -2.25, 0.1, 1e300, -1e-300, std::numeric_limits<double>::infinity()})
    values.push_back(d);
  values.push_back(nullptr);
  values.push_back(true);
  values.push_back(false);
  for (size_t n : {0, 1, 31, 32, 255, 256, 65535, 65536}) values.push_back(std::string(n, 'q'));
  values.push_back("\xc3\xa9t\xc3\xa9 \xe2\x82\xac");
  for (size_t n : {0, 15, 16, 65535, 65536}) values.push_back(json(std::vector<int>(n, 3)));
  for (size_t n : {0, 15, 16, 65536}) {
    json m = json::object();
    for (size_t i = 0; i < n; ++i) m["k" + std::to_string(i)] = i;
    values.push_back(m);
  }
  for (size_t n : {1, 2, 3, 4, 8, 16, 255, 256, 70000}) {
    values.push_back(Binary(n, std::nullopt));
    values.push_back(Binary(n, uint8_t{9}));
  }
  values.push_back({{"nested", {{"a", {1, {2, {3, json::object()}}}}, {"", "empty key"}}}});
  for (const json& v : values) ExpectReadAsNlohmannDoes(json::to_msgpack(v));
  ExpectReadAsNlohmannDoes(json::to_msgpack(values));
}

// A seeded generator of nested values of every kind, so the forms meet in many orders.
json RandomValue(std::mt19937_64& rng, int depth) {
  const int kind = static_cast<int>(rng() % (depth > 3 ? 6 : 8));
  switch (kind) {
    case 0: return nullptr;
    case 1: return rng() % 2 == 0;
    case 2: return static_cast<uint64_t>(rng() >> (rng() % 64));
    case 3: return -static_cast<int64_t>(rng() >> (1 + rng() % 63));
    case 4: return static_cast<double>(static_cast<int64_t>(rng())) / 1024.0;
    case 5: return std::string(rng() % 300, static_cast<char>('a' + rng() % 26));
    case 6: {
      json a = json::array();
      for (size_t i = rng() % 20; i > 0; --i) a.push_back(RandomValue(rng, depth + 1));
      return a;
    }
    default: {
      json m = json::object();
      for (size_t i = rng() % 20; i > 0; --i) m[std::to_string(rng() % 50)] = RandomValue(rng, depth + 1);
      return m;
    }
  }
}

TEST(ReadMsgpack, ReadsRandomNestedValuesAsNlohmannDoes) {
  std::mt19937_64 rng(20261206);
  for (int i = 0; i < 500; ++i) ExpectReadAsNlohmannDoes(json::to_msgpack(RandomValue(rng, 0)));
}

// A damaged store must fail to unpack, never read past its bytes: every cut of a value is an
// error, as it is to nlohmann's reader.
TEST(ReadMsgpack, RejectsEveryTruncation) {
  const std::vector<uint8_t> bytes =
      json::to_msgpack({{"ops", {{{"op", "create"}, {"k", 200}, {"p", -1.5}}}}, {"bin", Binary(20, uint8_t{1})}});
  for (size_t n = 0; n < bytes.size(); ++n) {
    const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
    const auto got = ReadMsgpack(cut.data(), cut.size());
    EXPECT_FALSE(got.ok()) << n << " of " << bytes.size() << " bytes";
    ExpectReadAsNlohmannDoes(cut);
  }
}

TEST(ReadMsgpack, RejectsTrailingBytesUnknownTypesAndKeysThatAreNotStrings) {
  std::vector<uint8_t> trailing = json::to_msgpack(json{{"a", 1}});
  trailing.push_back(0xc0);
  const std::vector<uint8_t> unknown = {0x91, 0xc1};
  const std::vector<uint8_t> int_key = {0x81, 0x01, 0x02};
  for (const auto& bytes : {trailing, unknown, int_key}) {
    const auto got = ReadMsgpack(bytes.data(), bytes.size());
    ASSERT_FALSE(got.ok());
    EXPECT_NE(got.status().message().find("MessagePack: "), std::string::npos) << got.status();
    ExpectReadAsNlohmannDoes(bytes);
  }
  const auto t = ReadMsgpack(trailing.data(), trailing.size());
  EXPECT_NE(t.status().message().find("1 bytes after the value"), std::string::npos) << t.status();
}

TEST(ReadMsgpack, RejectsNestingDeeperThanAnyCaseInsteadOfOverflowingTheStack) {
  const std::vector<uint8_t> deep(100000, 0x91);  // arrays of one array, never closed by a value
  const auto got = ReadMsgpack(deep.data(), deep.size());
  ASSERT_FALSE(got.ok());
  EXPECT_NE(got.status().message().find("nested too deep"), std::string::npos) << got.status();
}

TEST(ReadMsgpack, ALengthLargerThanTheBytesLeftFailsWithoutReservingIt) {
  const std::vector<uint8_t> huge_array = {0xdd, 0xff, 0xff, 0xff, 0xff, 0x01};
  const std::vector<uint8_t> huge_string = {0xdb, 0xff, 0xff, 0xff, 0xff, 'a'};
  for (const auto& bytes : {huge_array, huge_string}) {
    const auto got = ReadMsgpack(bytes.data(), bytes.size());
    ASSERT_FALSE(got.ok());
    EXPECT_NE(got.status().message().find("unexpected end"), std::string::npos) << got.status();
  }
}

}  // namespace
}  // namespace dsconform
