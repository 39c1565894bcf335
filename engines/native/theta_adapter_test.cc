// The Theta adapter makes the library calls docs/case-format.md promises:
// its observations equal what the library says when called directly.
#include "engines/native/cpp_engine.h"

#include <string>

#include "gtest/gtest.h"
#include "harness/case/case_program.h"
#include "nlohmann/json.hpp"
#include "theta_a_not_b.hpp"
#include "theta_jaccard_similarity.hpp"
#include "theta_sketch.hpp"
#include "theta_union.hpp"

namespace dsconform {
namespace {

using datasketches::compact_theta_sketch;
using datasketches::update_theta_sketch;

Observations RunStage(const Case& c, std::map<std::string, std::string> images = {}) {
  PreparedStage stage = PrepareStage(c, c.ops);
  stage.images = std::move(images);
  auto engine = MakeCppEngineFactory()->Create();
  EXPECT_TRUE(engine.ok()) << engine.status();
  if (!engine.ok()) return Observations();
  auto obs = (*engine)->Run(absl::MakeConstSpan(&stage, 1));
  EXPECT_TRUE(obs.ok()) << obs.status();
  return obs.ok() && obs->size() == 1 ? std::move((*obs)[0]) : Observations();
}

Case Parse(const std::string& json) {
  auto c = CaseFromJson(nlohmann::json::parse(json));
  EXPECT_TRUE(c.ok()) << c.status();
  return c.ok() ? *c : Case{};
}

std::string Bytes(const std::vector<uint8_t>& v) { return std::string(v.begin(), v.end()); }

update_theta_sketch Sketch(uint8_t lg_k, float p, uint64_t seed, int64_t start, int64_t n) {
  auto s = update_theta_sketch::builder().set_lg_k(lg_k).set_p(p).set_seed(seed).set_resize_factor(
      datasketches::theta_constants::resize_factor::X2).build();
  for (int64_t i = start; i < start + n; ++i) s.update(i);
  return s;
}

TEST(ThetaCppAdapter, SketchImagesAndQueriesAreTheLibrarys) {
  const Case c = Parse(R"({"id":"t","family":"theta","ops":[
    {"op":"create","sketch":"a","lg_k":9,"rf":2,"p":"0.5","seed":77},
    {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":3000}},
    {"op":"query","sketch":"a","queries":["estimate","lb2","theta_long","retained","lg_k","rf","is_ordered"]},
    {"op":"serialize","sketch":"a","form":"updatable"},
    {"op":"compact","sketch":"u","from":"a","ordered":0},
    {"op":"serialize","sketch":"u","form":"compact"}]})");
  const Observations obs = RunStage(c);
  const auto s = Sketch(9, 0.5f, 77, 0, 3000);
  ASSERT_NE(obs.Find("a.estimate"), nullptr);
  EXPECT_EQ(obs.Find("a.estimate")->AsDouble(), s.get_estimate());
  EXPECT_EQ(obs.Find("a.lb2")->AsDouble(), s.get_lower_bound(2));
  EXPECT_EQ(obs.Find("a.theta_long")->bits, s.get_theta64());
  EXPECT_EQ(obs.Find("a.retained")->bits, s.get_num_retained());
  EXPECT_EQ(obs.Find("a.lg_k")->bits, 9u);
  EXPECT_EQ(obs.Find("a.rf")->bits, 2u);
  EXPECT_EQ(obs.Find("a.updatable")->kind, Value::Kind::kUnsupported);  // no update-sketch image in C++
  EXPECT_EQ(obs.Find("u.compact")->bytes, Bytes(s.compact(false).serialize()));
}

// Compressed images (serial version 4) came with 4.1.0: a tree that has them
// writes and reads them as the library does, a tree without them (the probe
// engines/native/probes/theta_serialize_compressed.cc failed) answers both
// unsupported and says so in CppEngineLacks.
TEST(ThetaCppAdapter, CompressedImagesAreTheLibrarysOrUnsupportedWhereTheTreeLacksThem) {
  const Case c = Parse(R"({"id":"t","family":"theta","inputs":{"img":""},"ops":[
    {"op":"create","sketch":"a","lg_k":9},
    {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":3000}},
    {"op":"serialize","sketch":"a","form":"compressed"},
    {"op":"deserialize","sketch":"r","image":"img","mode":"heapify"},
    {"op":"query","sketch":"r","queries":["estimate"]}]})");
  const auto s = Sketch(9, 1, datasketches::DEFAULT_SEED, 0, 3000);
  std::string image = Bytes(s.compact().serialize());
#if DSC_CPP_HAVE_THETA_SERIALIZE_COMPRESSED
  image = Bytes(s.compact().serialize_compressed());
#else
  image[1] = 4;  // the serial version of a compressed image: refused before the rest is read
#endif
  ASSERT_EQ(image[1], 4);
  const Observations obs = RunStage(c, {{"img", image}});
  ASSERT_NE(obs.Find("a.compressed"), nullptr);
  const auto lacks = CppEngineLacks();
  if (DSC_CPP_HAVE_THETA_SERIALIZE_COMPRESSED) {
    EXPECT_EQ(obs.Find("a.compressed")->bytes, image);
    ASSERT_NE(obs.Find("r.estimate"), nullptr);
    EXPECT_EQ(obs.Find("r.estimate")->AsDouble(), s.get_estimate());
    EXPECT_EQ(lacks.count("theta"), 0u);
  } else {
    EXPECT_EQ(obs.Find("a.compressed")->kind, Value::Kind::kUnsupported);
    ASSERT_NE(obs.Find("r.deserialize"), nullptr);
    EXPECT_EQ(obs.Find("r.deserialize")->kind, Value::Kind::kUnsupported);
    EXPECT_EQ(obs.Find("r.estimate"), nullptr);  // the slot was never made
    ASSERT_EQ(lacks.count("theta"), 1u);
    EXPECT_NE(lacks.at("theta")[0].find("serialize form=compressed"), std::string::npos);
  }
}

TEST(ThetaCppAdapter, SetOperationsAreTheLibrarys) {
  const Case c = Parse(R"({"id":"t","family":"theta","ops":[
    {"op":"create","sketch":"a","lg_k":10},
    {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":5000}},
    {"op":"create","sketch":"b","lg_k":10},
    {"op":"update","sketch":"b","items":{"gen":"sequence","start":2500,"count":5000}},
    {"op":"union","sketch":"u","lg_k":10},
    {"op":"merge","sketch":"u","from":"a"},
    {"op":"merge","sketch":"u","from":"b"},
    {"op":"result","sketch":"r","from":"u","ordered":1},
    {"op":"serialize","sketch":"r","form":"compact"},
    {"op":"a_not_b","sketch":"d","a":"a","b":"b","ordered":1},
    {"op":"serialize","sketch":"d","form":"compact"},
    {"op":"jaccard","sketch":"a","with":"b","as":"j"}]})");
  const Observations obs = RunStage(c);
  const auto a = Sketch(10, 1, datasketches::DEFAULT_SEED, 0, 5000);
  const auto b = Sketch(10, 1, datasketches::DEFAULT_SEED, 2500, 5000);
  auto u = datasketches::theta_union::builder().set_lg_k(10).build();
  u.update(a);
  u.update(b);
  ASSERT_NE(obs.Find("r.compact"), nullptr);
  EXPECT_EQ(obs.Find("r.compact")->bytes, Bytes(u.get_result(true).serialize()));
  EXPECT_EQ(obs.Find("d.compact")->bytes, Bytes(datasketches::theta_a_not_b().compute(a, b, true).serialize()));
  EXPECT_EQ(obs.Find("j.estimate")->AsDouble(), datasketches::theta_jaccard_similarity::jaccard(a, b)[1]);
}

TEST(ThetaCppAdapter, AWrongSeedIsRefusedAndUpdateImagesAreUnsupported) {
  const auto s = Sketch(10, 1, 5, 0, 100);
  const std::string image = Bytes(s.compact().serialize());
  const Case refused = Parse(R"({"id":"t","family":"theta","inputs":{"img":""},"ops":[
    {"op":"deserialize","sketch":"r","image":"img","mode":"wrap"}]})");
  const Observations obs = RunStage(refused, {{"img", image}});
  ASSERT_EQ(obs.fields.size(), 1u);
  EXPECT_EQ(obs.fields[0].name, "error@op0");
  EXPECT_EQ(obs.fields[0].value.kind, Value::Kind::kError);
  std::string update_image = image;
  update_image[2] = 2;  // family QuickSelect: an update sketch's image
  const Case read = Parse(R"({"id":"t","family":"theta","inputs":{"img":""},"ops":[
    {"op":"deserialize","sketch":"r","image":"img","mode":"heapify"},
    {"op":"query","sketch":"r","queries":["estimate"]}]})");
  const Observations unsupported = RunStage(read, {{"img", update_image}});
  ASSERT_EQ(unsupported.fields.size(), 1u);  // the query on the missing slot is skipped
  EXPECT_EQ(unsupported.fields[0].value.kind, Value::Kind::kUnsupported);
}

}  // namespace
}  // namespace dsconform
