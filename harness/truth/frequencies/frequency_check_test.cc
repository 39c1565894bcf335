#include "harness/truth/frequencies/frequency_check.h"

#include <cmath>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

// Items 0..9 once and item 3 a hundred times more: weight 110, item 3 weighs 101.
Case Skewed(nlohmann::ordered_json query_extra = nlohmann::ordered_json::object()) {
  CaseBuilder b("t", "fi.accuracy", "fi");
  b.Step("create", "a", {{"item", "long"}, {"lg_max_map_size", 3}})
      .Update("a", Sequence(0, 10))
      .Update("a", Sequence(3, 1), {{"weight", 100}});
  nlohmann::ordered_json q = {{"queries", {"total_weight", "maximum_error", "epsilon", "estimate", "lower_bound",
                                           "upper_bound", "frequent_nfp", "frequent_nfn"}},
                              {"keys", {"3", "7", "42"}},
                              {"as", "q"}};
  q.update(query_extra);
  b.Step("query", "a", q);
  return b.Build();
}

// What a correct sketch could answer for Skewed(): max error 1, every light item's lower bound 0.
Observations Kept() {
  Observations o;
  o.Add("q.total_weight", Value::Int(110));
  o.Add("q.maximum_error", Value::Int(1));
  o.Add("q.epsilon", Value::Double(3.5 / 8));
  const int64_t est[] = {101, 1, 1}, lb[] = {100, 0, 0}, ub[] = {101, 1, 1};
  for (int i = 0; i < 3; ++i) {
    o.Add("q.estimate[" + std::to_string(i) + "]", Value::Int(est[i]));
    o.Add("q.lower_bound[" + std::to_string(i) + "]", Value::Int(lb[i]));
    o.Add("q.upper_bound[" + std::to_string(i) + "]", Value::Int(ub[i]));
  }
  for (const char* list : {"q.frequent_nfp", "q.frequent_nfn"}) {
    o.Add(std::string(list) + ".size", Value::Int(1));
    o.Add(std::string(list) + "[0]", Value::Int(3));
    o.Add(std::string(list) + "[0].lower_bound", Value::Int(100));
    o.Add(std::string(list) + "[0].upper_bound", Value::Int(101));
  }
  return o;
}

void Set(Observations& o, const std::string& field, Value v) {
  for (Field& f : o.fields)
    if (f.name == field) f.value = std::move(v);
}

FrequencyCheckResult Judge(const Case& c, const Observations& o) { return CheckFrequencies(c, {{"q", 110, "s"}}, o); }

TEST(CheckFrequencies, KeptGuaranteesGiveNoOutliersAndOneSample) {
  const FrequencyCheckResult r = Judge(Skewed(), Kept());
  EXPECT_TRUE(r.outliers.empty()) << r.outliers[0].field << ": " << r.outliers[0].candidate.bytes;
  EXPECT_EQ(r.checks, 5);  // total weight, maximum error, both lists, bounds
  ASSERT_EQ(r.samples.size(), 1u);
  const FrequencySample& s = r.samples[0];
  EXPECT_EQ(s.weight, 110);
  EXPECT_EQ(s.keys, 5);  // three keys and one item in each list
  EXPECT_DOUBLE_EQ(s.estimate_error, 1);  // item 42 never fed, estimated 1; items 3 and 7 exact
  EXPECT_EQ(s.bound_misses + s.false_positives + s.false_negatives, 0);
}

TEST(CheckFrequencies, EachBrokenGuaranteeIsAnOutlierNamedByIt) {
  Observations o = Kept();
  Set(o, "q.upper_bound[0]", Value::Int(100));  // item 3 weighs 101
  Set(o, "q.maximum_error", Value::Int(49));    // above 3.5/8 x 110 = 48.1
  Set(o, "q.frequent_nfn[0]", Value::Int(7));   // item 3 (101 > 49) missing; 7 listed
  Set(o, "q.total_weight", Value::Int(111));
  const FrequencyCheckResult r = Judge(Skewed(), o);
  std::vector<std::string> fields;
  for (const FieldDiff& d : r.outliers) fields.push_back(d.field);
  EXPECT_THAT(fields, ::testing::UnorderedElementsAre("accuracy: q.total_weight", "accuracy: q.maximum_error",
                                                      "accuracy: q.frequent_nfn", "accuracy: q.bounds"));
  for (const FieldDiff& d : r.outliers) {
    if (d.field == "accuracy: q.frequent_nfn") {
      EXPECT_THAT(d.candidate.bytes, HasSubstr("\"3\" weighs 101, above 49, and is not listed"));
    }
    if (d.field == "accuracy: q.bounds") {  // the grid's miss and 7's in the list, first the grid's
      EXPECT_THAT(d.candidate.bytes, HasSubstr("2 broken, first: keys[0] = \"3\" weighs 101, bounds [100, 100]"));
    }
  }
  ASSERT_EQ(r.samples.size(), 1u);
  EXPECT_EQ(r.samples[0].false_negatives, 1);
  EXPECT_EQ(r.samples[0].bound_misses, 2);
}

TEST(CheckFrequencies, NoFalsePositivesAtTheQuerysThreshold) {
  Observations o = Kept();
  Set(o, "q.frequent_nfp[0]", Value::Int(7));  // weighs 1, not above the threshold 0
  Set(o, "q.frequent_nfp[0].lower_bound", Value::Int(1));
  const FrequencyCheckResult at_zero = Judge(Skewed({{"threshold", 0}}), o);
  EXPECT_TRUE(at_zero.outliers.empty());  // 1 > 0: no false positive
  const FrequencyCheckResult at_one = Judge(Skewed({{"threshold", 1}}), o);
  ASSERT_EQ(at_one.outliers.size(), 1u);
  EXPECT_EQ(at_one.outliers[0].field, "accuracy: q.frequent_nfp");
  EXPECT_EQ(at_one.samples[0].false_positives, 1);
}

TEST(CheckFrequencies, JudgesNoFalseNegativesOnlyAboveTheMaximumErrorItAnswered) {
  Observations o;
  o.Add("q.frequent_nfn.size", Value::Int(0));  // item 3 (101) and the light ones (1) all missing
  EXPECT_TRUE(Judge(Skewed({{"threshold", 0}}), o).outliers.empty());  // no maximum error: nothing promised
  o.Add("q.maximum_error", Value::Int(1));
  const FrequencyCheckResult r = Judge(Skewed({{"threshold", 0}}), o);
  ASSERT_EQ(r.outliers.size(), 1u);  // judged above max(0, 1): item 3 only
  EXPECT_EQ(r.outliers[0].candidate.bytes, "1 broken: \"3\" weighs 101, above 1, and is not listed");
}

TEST(CheckFrequencies, SkipsWhatTheEngineDidNotAnswerAndFlagsWhatHasNoTruth) {
  Observations none;
  none.Add("q", Value::Unsupported("no such sketch"));
  const FrequencyCheckResult quiet = Judge(Skewed(), none);
  EXPECT_TRUE(quiet.outliers.empty());
  EXPECT_TRUE(quiet.samples.empty());
  EXPECT_EQ(quiet.checks, 0);

  const FrequencyCheckResult wrong_weight = CheckFrequencies(Skewed(), {{"q", 7, "s"}}, Kept());
  ASSERT_EQ(wrong_weight.outliers.size(), 1u);
  EXPECT_EQ(wrong_weight.outliers[0].candidate.bytes, "110 fed");
  const FrequencyCheckResult no_query = CheckFrequencies(Skewed(), {{"r", 110, "s"}}, Kept());
  ASSERT_EQ(no_query.outliers.size(), 1u);
  EXPECT_EQ(no_query.outliers[0].field, "accuracy: r");
}

}  // namespace
}  // namespace dsconform
