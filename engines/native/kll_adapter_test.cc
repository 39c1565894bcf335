// The native KLL adapter against datasketches-cpp itself: pinned random bits
// make compactions repeatable, observations match direct library calls.
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness/case/case_program.h"
#include "kll_sketch.hpp"
#include "nlohmann/json.hpp"
#include "engines/native/cpp_engine.h"

namespace dsconform {
namespace {

class KllCppAdapterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto engine = MakeCppEngineFactory()->Create();
    ASSERT_TRUE(engine.ok()) << engine.status();
    engine_ = std::move(*engine);
  }

  Observations Run(const std::string& json) {
    auto c = CaseFromJson(nlohmann::json::parse(json));
    EXPECT_TRUE(c.ok()) << c.status();
    cases_.push_back(*c);
    auto result = engine_->Run({PrepareStage(cases_.back(), cases_.back().ops)});
    EXPECT_TRUE(result.ok()) << result.status();
    return result.ok() ? result->at(0) : Observations();
  }

  static std::string Build(uint64_t seed, int64_t n) {
    return R"({"id":"t","family":"kll","ops":[{"op":"create","sketch":"a","k":8,"item":"double"},)"
           R"({"op":"update","sketch":"a","seed":)" + std::to_string(seed) +
           R"(,"items":{"gen":"ordered_doubles","start":0,"count":)" + std::to_string(n) +
           R"(,"order":"ascending"}},{"op":"serialize","sketch":"a","form":"compact"},)"
           R"({"op":"query","sketch":"a","queries":["n","num_retained","heap_bytes","to_string"]}]})";
  }

  std::unique_ptr<Engine> engine_;
  std::deque<Case> cases_;
};

TEST_F(KllCppAdapterTest, PinnedRandomBitsMakeCompactionsRepeatable) {
  const Observations first = Run(Build(7, 1000));
  const Observations again = Run(Build(7, 1000));
  ASSERT_NE(first.Find("a.compact"), nullptr);
  EXPECT_EQ(first.Find("a.compact")->bytes, again.Find("a.compact")->bytes);
  EXPECT_EQ(first.Find("a.to_string")->bytes, again.Find("a.to_string")->bytes);
  // Another seed draws other bits: some of the ~hundred compactions keep the other half.
  EXPECT_NE(first.Find("a.compact")->bytes, Run(Build(8, 1000)).Find("a.compact")->bytes);
}

// Only reads through the library here: a translation unit that updates or
// merges a kll_sketch<double> would bring its own kll_helper instantiations
// (and its own random_bit), and the linker may keep those instead of the
// adapter's, which would unpin the bits (see kll_adapter.cc).
TEST_F(KllCppAdapterTest, ObservationsMatchTheLibraryReadingTheImage) {
  const Observations obs = Run(Build(1, 5));
  const std::string& image = obs.Find("a.compact")->bytes;
  const auto read = datasketches::kll_sketch<double>::deserialize(image.data(), image.size());
  EXPECT_EQ(read.get_n(), 5u);
  EXPECT_EQ(read.get_min_item(), 0.0);
  EXPECT_EQ(read.get_max_item(), 1.0);
  const auto again = read.serialize();
  EXPECT_EQ(image, std::string(again.begin(), again.end()));
  EXPECT_EQ(obs.Find("a.n")->bits, 5u);
  EXPECT_EQ(obs.Find("a.num_retained")->bits, 5u);
  // k = 8 doubles in the items buffer, plus the levels array: the allocator saw them.
  EXPECT_GE(static_cast<int64_t>(obs.Find("a.heap_bytes")->bits), 8 * 8);
}

TEST_F(KllCppAdapterTest, ItemsOfAnotherKindAreABadCaseNotAResult) {
  auto c = CaseFromJson(nlohmann::json::parse(
      R"({"id":"t","family":"kll","ops":[{"op":"create","sketch":"a","k":8,"item":"long"},)"
      R"({"op":"update","sketch":"a","items":{"gen":"ordered_strings","start":0,"count":3}}]})"));
  ASSERT_TRUE(c.ok());
  auto result = engine_->Run({PrepareStage(*c, c->ops)});
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.status().message().find("do not fit slot 'a'"), std::string::npos) << result.status();
}

}  // namespace
}  // namespace dsconform
