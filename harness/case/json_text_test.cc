#include "harness/case/json_text.h"

#include <limits>
#include <random>
#include <string>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

using nlohmann::ordered_json;

std::string Dump(const ordered_json& j) { return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace); }

std::string Text(const std::string& s) {
  std::string out;
  JsonText(&out).String(s);
  return out;
}

TEST(JsonText, StringsAreWhatNlohmannWrites) {
  const std::string strings[] = {
      "", "a.compact", "quote \" and backslash \\", "tab\tnew line\ncarriage\rform\fback\b",
      std::string("nul \0 inside", 12), "\x01\x1f\x7f del", "UTF-8: \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
      "invalid: \xff\xfe end", "cut short: \xe2\x82", "overlong \xc0\xaf", "lone continuation \x80 x"};
  for (const std::string& s : strings) EXPECT_EQ(Text(s), Dump(ordered_json(s))) << s;
}

TEST(JsonText, RandomBytesAreWhatNlohmannWrites) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2000; ++i) {
    std::string s(rng() % 12, ' ');
    for (char& c : s) c = static_cast<char>(rng() % 4 == 0 ? rng() % 256 : 0x20 + rng() % 95);
    ASSERT_EQ(Text(s), Dump(ordered_json(s))) << i;
  }
}

TEST(JsonText, NumbersAndBools) {
  for (int64_t v : {int64_t{0}, int64_t{-1}, int64_t{42}, std::numeric_limits<int64_t>::min(),
                    std::numeric_limits<int64_t>::max()}) {
    std::string out;
    JsonText(&out).Int(v);
    EXPECT_EQ(out, Dump(ordered_json(v)));
  }
  for (uint64_t v : {uint64_t{0}, uint64_t{7}, std::numeric_limits<uint64_t>::max()}) {
    std::string out;
    JsonText(&out).Uint(v);
    EXPECT_EQ(out, Dump(ordered_json(v)));
  }
  std::string out;
  JsonText(&out).BeginArray().Bool(true).Bool(false).EndArray();
  EXPECT_EQ(out, "[true,false]");
}

TEST(JsonText, NestingPlacesCommasAsTheDumpDoes) {
  ordered_json samples = {{"x", 0.1}, {"nan", nullptr}, {"list", {1.5, -2, "s"}}};
  ordered_json expected = {{"index", 3},
                           {"empty_object", ordered_json::object()},
                           {"empty_array", ordered_json::array()},
                           {"ranges", {{0, 8}, {16, 24}}},
                           {"diffs", {{{"field", "a"}, {"known", true}}, {{"field", "b"}}}},
                           {"samples", samples}};
  std::string out;
  JsonText t(&out);
  t.BeginObject().Key("index").Int(3);
  t.Key("empty_object").BeginObject().EndObject();
  t.Key("empty_array").BeginArray().EndArray();
  t.Key("ranges").BeginArray();
  t.BeginArray().Uint(0).Uint(8).EndArray().BeginArray().Uint(16).Uint(24).EndArray();
  t.EndArray();
  t.Key("diffs").BeginArray();
  t.BeginObject().Key("field").String("a").Key("known").Bool(true).EndObject();
  t.BeginObject().Key("field").String("b").EndObject();
  t.EndArray();
  t.Key("samples").Json(samples);
  t.EndObject();
  EXPECT_EQ(out, Dump(expected));
}

TEST(JsonText, AppendsToWhatIsThere) {
  std::string out = "{\"a\":1}\n";
  JsonText(&out).BeginObject().Key("b").Int(2).EndObject();
  EXPECT_EQ(out, "{\"a\":1}\n{\"b\":2}");
}

}  // namespace
}  // namespace dsconform
