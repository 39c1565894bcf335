// The KLL suites' own shapes (what every family's suites promise: harness/family/family_suites_test.cc).
#include <set>

#include "gtest/gtest.h"
#include "harness/family/case_validation.h"
#include "sketches/kll/kll_family.h"
#include "sketches/kll/kll_suites.h"

namespace dsconform {
namespace {

// Validation sees this family alone, as a catalog of one.
const FamilyCatalog& OwnFamily() {
  static const auto* catalog = new FamilyCatalog({&families::kll()});
  return *catalog;
}

TEST(KllSizes, CoverEveryBufferSizeBelowKAndTheFirstCompactions) {
  const auto sizes = KllSizes(12800, 1 << 20);
  const std::set<int64_t> s(sizes.begin(), sizes.end());
  for (int64_t n : {0, 1, 2, 199, 200, 201, 1599, 1600, 1601, 12799, 12800, 12801, 25601, 51203})
    EXPECT_TRUE(s.count(n)) << n;
  const auto small = KllSizes(8, 1000);
  EXPECT_EQ(std::set<int64_t>(small.begin(), small.end()), (std::set<int64_t>{0, 1, 2, 7, 8, 9, 17, 35}));
}

TEST(KllGrids, PointsAreUniqueAndIncreasingForEveryItemType) {
  for (const char* item : {"double", "float", "long", "string"}) {
    for (int64_t n : {1, 2, 9, 1000}) {
      const auto points = PointGrid(item, 0, n);
      ASSERT_GE(points.size(), 3u) << item << " n=" << n;
      for (size_t i = 1; i < points.size(); ++i) {
        const std::string a = points[i - 1], b = points[i];
        if (std::string(item) == "string") {
          EXPECT_LT(a, b) << item << " n=" << n;
        } else {
          EXPECT_LT(std::stod(a), std::stod(b)) << item << " n=" << n;
        }
      }
    }
  }
  EXPECT_EQ(RankGrid().size(), 17u);
  EXPECT_EQ(RankGrid()[1], "0.0625");
}

TEST(KllSuites, SeedOptionalIsABoolBesideASeed) {
  // kll.accuracy's first case carries both; a case program may not carry seed_optional alone or as text.
  Case c = KllAccuracySuite().Generate(SuiteScale::kSmoke).front();
  Op* update = nullptr;
  for (Op& op : c.ops)
    if (op.op == "update") update = &op;
  ASSERT_NE(update, nullptr);
  EXPECT_EQ(update->args.at("seed_optional"), true);
  EXPECT_TRUE(ValidateCase(c, OwnFamily()).ok());
  update->args["seed_optional"] = "yes";
  EXPECT_NE(std::string(ValidateCase(c, OwnFamily()).message()).find("seed_optional: must be true or false"), std::string::npos);
  update->args["seed_optional"] = true;
  update->args.erase("seed");
  EXPECT_NE(std::string(ValidateCase(c, OwnFamily()).message()).find("seed_optional: only with a seed"), std::string::npos);
}

TEST(KllSuites, FullVersionsMatrixHasTheQualificationShape) {
  const auto cases = KllVersionsSuite().Generate(SuiteScale::kFull);
  std::set<std::string> items, ks, orders, seeds;
  for (const auto& c : cases) {
    // kll/versions/item=<t>/k=<k>/n=<n>/order=<o>/seed=<s>
    auto part = [&](const std::string& key) {
      const size_t at = c.id.find(key + "=");
      const size_t end = c.id.find('/', at);
      return c.id.substr(at + key.size() + 1, end == std::string::npos ? std::string::npos : end - at - key.size() - 1);
    };
    items.insert(part("item"));
    ks.insert(part("k"));
    orders.insert(part("order"));
    seeds.insert(part("seed"));
  }
  EXPECT_EQ(items.size(), 4u);
  EXPECT_GE(ks.size(), 15u);
  for (const char* k : {"8", "200", "201", "1600", "12800", "65535"}) EXPECT_TRUE(ks.count(k)) << k;
  EXPECT_EQ(orders.size(), 4u);
  EXPECT_EQ(seeds.size(), 2u);
}

TEST(KllSuites, EstimationModeImagesAreLanguageSpecificFieldsAndCrossCasesReadThem) {
  for (const auto& c : KllCrossSuite().Generate(SuiteScale::kSmoke)) {
    ASSERT_TRUE(c.cross.has_value()) << c.id;
    EXPECT_EQ(c.cross->images, std::vector<std::string>{"lang.a.compact"});
  }
}

}  // namespace
}  // namespace dsconform
