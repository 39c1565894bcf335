// kll.accuracy: every case carries a rank truth its own items bear out, and
// trials differ in both their permutation and their random bits.
#include <map>
#include <set>

#include "absl/strings/str_cat.h"

#include "gtest/gtest.h"
#include "harness/truth/ranks/rank_entries.h"
#include "harness/truth/ranks/rank_truth.h"
#include "harness/truth/slot_items.h"
#include "sketches/kll/kll_suites.h"

namespace dsconform {
namespace {

// The rank truth of a suite's case (which is valid).
std::vector<RankTruth> TruthsOf(const Case& c) { return RankTruthsOf(c).value(); }

TEST(KllAccuracySuite, EveryCaseHasARankTruthItsItemsBearOut) {
  const auto cases = KllAccuracySuite().Generate(SuiteScale::kSmoke);
  ASSERT_FALSE(cases.empty());
  std::set<std::string> series;
  for (const Case& c : cases) {
    const std::vector<RankTruth> truths = TruthsOf(c);
    ASSERT_EQ(truths.size(), 1u) << c.id;
    const RankTruth& t = truths[0];
    series.insert(t.series);
    auto streams = StreamsOfSlot(c.ops, "a");
    ASSERT_TRUE(streams.ok()) << streams.status();
    auto truth = ExactRanks::Of(*streams, c.ops[0].Str("item"));
    ASSERT_TRUE(truth.ok()) << truth.status();
    EXPECT_EQ(truth->n(), t.n) << c.id;
    const Op& query = c.ops.back();
    EXPECT_EQ(query.Str("as"), t.of);
    EXPECT_EQ(t.of.rfind("lang.", 0), 0u) << "answers depend on each library's random bits";
    EXPECT_EQ(query.StrList("ranks").size(), 65u);
    EXPECT_EQ(query.StrList("ranks")[1], "0.015625");
  }
  EXPECT_TRUE(series.count("k=8 double shuffled"));
  EXPECT_TRUE(series.count("k=200 long shuffled"));
}

TEST(KllAccuracySuite, TrialsDifferInPermutationAndRandomBits) {
  std::map<std::string, std::set<std::string>> by_config;  // config -> distinct (shuffle seed, random bits)
  for (const Case& c : KllAccuracySuite().Generate(SuiteScale::kSmoke)) {
    const Op& update = c.ops[1];
    const std::string config = c.id.substr(0, c.id.find("/trial="));
    by_config[config].insert(absl::StrCat(update.items->seed, "/", update.Int("seed")));
    EXPECT_GE(update.Int("seed"), 0);
    EXPECT_LT(update.Int("seed"), int64_t{1} << 31);
  }
  for (const auto& [config, seeds] : by_config) EXPECT_EQ(seeds.size(), 3u) << config;  // 3 smoke trials
}

TEST(KllAccuracySuite, FullScaleHasEnoughTrialsToTestAOnePercentTail) {
  std::map<std::string, int> trials;
  for (const Case& c : KllAccuracySuite().Generate(SuiteScale::kFull))
    if (c.id.find("/n=65536/") != std::string::npos) ++trials[TruthsOf(c).at(0).series];
  EXPECT_EQ(trials.size(), 4u * 4u * 2u);
  EXPECT_EQ(trials["k=200 double shuffled"], 500);
  EXPECT_EQ(trials["k=200 long ascending"], 100);
}

}  // namespace
}  // namespace dsconform
