// The Bloom filter suites' own shapes (what every family's suites promise:
// harness/family/family_suites_test.cc).
#include "gtest/gtest.h"
#include "sketches/bloom/bloom_family.h"
#include "sketches/bloom/bloom_suites.h"

namespace dsconform {
namespace {

// A case travels as JSON to engines out of process, in repro and in corpus files: every case of
// every scale must read back as itself (ordered streams, for one, must stay in 0..9999999999).
TEST(BloomSuites, EveryCaseReadsBackFromItsJson) {
  for (SuiteScale scale : {SuiteScale::kSmoke, SuiteScale::kReduced, SuiteScale::kFull})
    for (const Suite* suite : BloomSuites())
      for (const Case& c : suite->Generate(scale)) {
        const nlohmann::ordered_json j = CaseToJson(c);
        auto back = CaseFromJson(nlohmann::json::parse(j.dump()));
        ASSERT_TRUE(back.ok()) << c.id << ": " << back.status();
        // Members compared by name: a parsed step keeps its members sorted.
        EXPECT_EQ(nlohmann::json::parse(CaseToJson(*back).dump()), nlohmann::json::parse(j.dump())) << c.id;
      }
}

// The spec's design load: max_items, or the optimal load of its bits and hashes.
TEST(BloomSpec, DesignItemsAreThoseItsBuilderTargets) {
  EXPECT_EQ(BloomSpec::ByAccuracy(1000, "0.01").DesignItems(), 1000);
  EXPECT_EQ(BloomSpec::BySize(1000, 5).DesignItems(), 139);  // 1000 ln 2 / 5 = 138.6
  EXPECT_EQ(BloomSpec::BySize(1, 1).DesignItems(), 1);
  EXPECT_EQ(BloomSpec::BySize(1000, 3, -1).Id(), "by=size/bits=1000/hashes=3/seed=-1");
}

}  // namespace
}  // namespace dsconform
