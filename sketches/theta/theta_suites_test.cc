// The THETA suites' own shapes (what every family's suites promise: harness/family/family_suites_test.cc).
#include <map>
#include <set>

#include "gtest/gtest.h"
#include "harness/family/case_validation.h"
#include "harness/family/family.h"
#include "harness/truth/distinct/distinct_entries.h"
#include "sketches/theta/theta_family.h"
#include "sketches/theta/theta_suites.h"

namespace dsconform {
namespace {

// Validation sees this family alone, as a catalog of one.
const FamilyCatalog& OwnFamily() {
  static const auto* catalog = new FamilyCatalog({&families::theta()});
  return *catalog;
}

TEST(ThetaSuites, SmallerScalesAreSlicesOfTheFullScale) {
  // `dsconform repro` finds a case by id in the full scale: the same id must be the same case.
  // (Only the full cases the smaller scales name are compared: the accuracy
  // suites have thousands of full trials.)
  for (const Suite* suite : ThetaSuites()) {
    std::map<std::string, nlohmann::ordered_json> smaller;
    for (SuiteScale scale : {SuiteScale::kSmoke, SuiteScale::kReduced})
      for (const auto& c : suite->Generate(scale)) smaller.emplace(c.id, CaseToJson(c));
    for (const auto& c : suite->Generate(SuiteScale::kFull)) {
      auto it = smaller.find(c.id);
      if (it == smaller.end()) continue;
      EXPECT_EQ(it->second, CaseToJson(c)) << c.id;
      smaller.erase(it);
    }
    for (const auto& [id, json] : smaller) ADD_FAILURE() << id << " is not in the full scale";
  }
}

TEST(ThetaSuites, SetOpsMergeThreeInputsInAllSixOrders) {
  const auto cases = ThetaSetOpsSuite().Generate(SuiteScale::kSmoke);
  ASSERT_FALSE(cases.empty());
  std::set<std::string> orders;
  for (const Op& op : cases[0].ops)
    if (op.op == "union") orders.insert(op.sketch);
  EXPECT_EQ(orders.size(), 6u);
  ASSERT_FALSE(cases[0].invariants.empty());
  EXPECT_EQ(cases[0].invariants[0].fields.size(), 6u);
}

TEST(ThetaSuites, SetOpsSubtractOrderedFormsAboveLgK14) {
  // datasketches-cpp's A-not-B is quadratic unless both inputs are ordered (TH12): the full scale
  // meets unordered inputs only up to lgK 14, but does meet them there, and larger ones ordered.
  int hashed = 0, ordered = 0;
  for (const Case& c : ThetaSetOpsSuite().Generate(SuiteScale::kFull)) {
    std::map<std::string, int> lg_k;        // slot -> lgK of the sketch it holds
    std::set<std::string> ordered_slots;
    for (const Op& op : c.ops) {
      if (op.op == "create") lg_k[op.sketch] = static_cast<int>(op.Int("lg_k"));
      if (op.op == "compact") {
        lg_k[op.sketch] = lg_k[op.Str("from")];
        if (op.Int("ordered") == 1) ordered_slots.insert(op.sketch);
      }
      if (op.op != "a_not_b" || op.Str("a") == "empty" || op.Str("b") == "empty") continue;
      const std::string a = op.Str("a"), b = op.Str("b");
      if (ordered_slots.count(a) && ordered_slots.count(b)) {
        ++ordered;
      } else {
        ++hashed;
        EXPECT_LE(std::max(lg_k[a], lg_k[b]), 14) << c.id << " " << op.sketch;
      }
    }
  }
  EXPECT_GT(hashed, 100);
  EXPECT_GT(ordered, 100);
}

// The distinct-count truth of a suite's case (which is valid).
std::vector<DistinctTruth> TruthsOf(const Case& c) { return DistinctTruthsOf(c).value(); }

// The truths of the set operations at the top of the ladder (n = 2^17): a holds
// n items; b holds n/d/2 of them and as many of its own (d = 1, or 32 for the sliver).
TEST(ThetaAccuracySuites, SetOperationTruthsAreExactCounts) {
  std::map<std::string, int64_t> top;
  for (const Case& c : ThetaAccuracySetOpsSuite().Generate(SuiteScale::kReduced))
    for (const DistinctTruth& t : TruthsOf(c)) {
      EXPECT_EQ(t.rse, "@bounds");
      if (t.of.size() > 8 && t.of.substr(t.of.size() - 8) == ".n131072") top[t.series] = t.distinct;
    }
  const int64_t n = 131072;
  EXPECT_EQ(top["a12+b12/u12/union"], n + n / 2);
  EXPECT_EQ(top["a12+b12/u12/intersection"], n / 2);
  EXPECT_EQ(top["a12+b12/u12/a_not_b"], n / 2);
  EXPECT_EQ(top["a10+b10_sliver/u12/intersection"], n / 64);
  EXPECT_EQ(top["a10+b10_sliver/u12/a_not_b"], n - n / 64);
  EXPECT_EQ(top["a10+b10_sliver/u12/union"], n + n / 64);
  for (const Case& c : ThetaAccuracySuite().Generate(SuiteScale::kSmoke))
    for (const DistinctTruth& t : TruthsOf(c)) EXPECT_EQ("n" + std::to_string(t.distinct), t.of) << c.id;
}

TEST(ThetaValidation, RejectsWhatTheFormatForbids) {
  const Family* theta = &families::theta();
  ASSERT_NE(theta, nullptr);
  auto parse = [](const char* text) { return CaseFromJson(nlohmann::json::parse(text)); };
  auto bad_rf = parse(R"({"id":"x","family":"theta","ops":[{"op":"create","sketch":"a","lg_k":10,"rf":3}]})");
  ASSERT_TRUE(bad_rf.ok());
  EXPECT_FALSE(ValidateCase(*bad_rf, OwnFamily()).ok());
  auto bad_p = parse(R"({"id":"x","family":"theta","ops":[{"op":"create","sketch":"a","lg_k":10,"p":"1.5"}]})");
  ASSERT_TRUE(bad_p.ok());
  EXPECT_FALSE(ValidateCase(*bad_p, OwnFamily()).ok());
  auto union_query = parse(
      R"({"id":"x","family":"theta","ops":[{"op":"union","sketch":"u","lg_k":10},{"op":"query","sketch":"u","queries":["estimate"]}]})");
  ASSERT_TRUE(union_query.ok());
  EXPECT_FALSE(ValidateCase(*union_query, OwnFamily()).ok());
  auto merge_into_sketch = parse(
      R"({"id":"x","family":"theta","ops":[{"op":"create","sketch":"a","lg_k":10},{"op":"merge","sketch":"a","from":"a"}]})");
  ASSERT_TRUE(merge_into_sketch.ok());
  EXPECT_FALSE(ValidateCase(*merge_into_sketch, OwnFamily()).ok());
  auto good = parse(
      R"({"id":"x","family":"theta","ops":[{"op":"create","sketch":"a","lg_k":10,"rf":2,"p":"0.5","seed":7},)"
      R"({"op":"a_not_b","sketch":"d","a":"a","b":"a","ordered":0},{"op":"query","sketch":"d","queries":["theta"]}]})");
  ASSERT_TRUE(good.ok());
  EXPECT_TRUE(ValidateCase(*good, OwnFamily()).ok()) << ValidateCase(*good, OwnFamily());
}

}  // namespace
}  // namespace dsconform
