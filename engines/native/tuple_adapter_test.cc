// The Tuple adapter's array-of-strings steps make the library calls docs/case-format.md
// promises where the tree has array_of_strings_sketch.hpp, and answer unsupported (its hello
// saying so) where it does not.
#include "engines/native/cpp_engine.h"

#include <map>
#include <string>

#include "gtest/gtest.h"
#include "harness/case/case_program.h"
#include "nlohmann/json.hpp"
#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
#include "array_of_strings_sketch.hpp"
#endif

namespace dsconform {
namespace {

Observations RunStage(const Case& c) {
  PreparedStage stage = PrepareStage(c, c.ops);
  auto engine = MakeCppEngineFactory()->Create();
  EXPECT_TRUE(engine.ok()) << engine.status();
  if (!engine.ok()) return Observations();
  auto obs = (*engine)->Run(absl::MakeConstSpan(&stage, 1));
  EXPECT_TRUE(obs.ok()) << obs.status();
  return obs.ok() && obs->size() == 1 ? std::move((*obs)[0]) : Observations();
}

TEST(TupleCppAdapter, ArrayOfStringsIsTheLibrarysOrUnsupportedWhereTheTreeLacksIt) {
  auto c = CaseFromJson(nlohmann::json::parse(R"({"id":"t","family":"tuple","ops":[
    {"op":"create","sketch":"a","summary":"aos","num_values":2,"lg_k":5},
    {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":100},"strings":["x","","\u00e9"]},
    {"op":"serialize","sketch":"a","form":"compact"},
    {"op":"query","sketch":"a","queries":["estimate","retained"]}]})"));
  ASSERT_TRUE(c.ok()) << c.status();
  const Observations obs = RunStage(*c);
  const auto lacks = CppEngineLacks();
#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
  // The same calls made directly: key {decimal of i}, strings[(i + j) mod 3].
  namespace ds = datasketches;
  const std::string strings[] = {"x", "", "\xc3\xa9"};
  auto s = ds::update_array_of_strings_tuple_sketch<>::builder().set_lg_k(5).build();
  for (int64_t i = 0; i < 100; ++i) {
    ds::array_of_strings v(2, "");
    for (int j = 0; j < 2; ++j) v[j] = strings[(i + j) % 3];
    s.update(ds::hash_array_of_strings_key(ds::array_of_strings(1, std::to_string(i))), v);
  }
  const auto bytes = ds::compact_array_of_strings_sketch(s).serialize(0, ds::default_array_of_strings_serde<>());
  ASSERT_NE(obs.Find("a.compact"), nullptr);
  EXPECT_EQ(obs.Find("a.compact")->bytes, std::string(bytes.begin(), bytes.end()));
  ASSERT_NE(obs.Find("a.estimate"), nullptr);
  EXPECT_EQ(obs.Find("a.estimate")->AsDouble(), s.get_estimate());
  EXPECT_EQ(lacks.count("tuple"), 0u);
#else
  ASSERT_NE(obs.Find("a.create"), nullptr);
  EXPECT_EQ(obs.Find("a.create")->kind, Value::Kind::kUnsupported);
  EXPECT_EQ(obs.Find("a.compact"), nullptr);  // the slot was never made
  EXPECT_EQ(obs.Find("a.estimate"), nullptr);
  ASSERT_EQ(lacks.count("tuple"), 1u);
  EXPECT_NE(lacks.at("tuple")[0].find("summary=aos"), std::string::npos);
#endif
}

}  // namespace
}  // namespace dsconform
