#include "harness/expect/case_predicate.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

bool Holds(const std::string& predicate, const std::string& case_id) {
  auto p = CasePredicate::Parse(predicate);
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() && p->Holds(CaseParams::Of(case_id));
}

TEST(CaseParams, KeyValueAndBareSegments) {
  const CaseParams p = CaseParams::Of("kll/exact/item=string/utf8/k=8/n=2");
  EXPECT_EQ(p.values.at("item"), "string");
  EXPECT_EQ(p.values.at("k"), "8");
  EXPECT_TRUE(p.bare.count("utf8"));
  EXPECT_TRUE(p.bare.count("kll"));
}

TEST(CasePredicate, NumbersCompareAsNumbers) {
  EXPECT_TRUE(Holds("lgk >= 13", "hll/sketch/lgk=13/type=HLL_4/n=769"));
  EXPECT_TRUE(Holds("lgk >= 13", "hll/sketch/lgk=21/type=HLL_4/n=769"));
  EXPECT_FALSE(Holds("lgk >= 13", "hll/sketch/lgk=9/type=HLL_4/n=769"));  // "9" > "13" as text
  EXPECT_FALSE(Holds("lgk >= 13", "hll/sketch/lgk=12/type=HLL_4/n=769"));
  EXPECT_TRUE(Holds("n < 1e6", "hll/sketch/lgk=12/type=HLL_4/n=769"));
  EXPECT_FALSE(Holds("n > 1000", "hll/sketch/lgk=12/type=HLL_4/n=769"));
}

TEST(CasePredicate, AListValueHoldsWhenOneOfItsElementsDoes) {
  EXPECT_TRUE(Holds("lgks >= 20", "cpc/union/s=65/lgks=9,13,20/lgk=9"));
  EXPECT_FALSE(Holds("lgks >= 20", "cpc/union/s=66/lgks=9,13,16/lgk=9"));
  EXPECT_TRUE(Holds("lgks in 13,14", "cpc/union/s=66/lgks=9,13,16/lgk=9"));
}

TEST(CasePredicate, ACaseWithoutTheParameterIsJudgedByTheShapeAlone) {
  EXPECT_TRUE(Holds("lgk >= 13", "tck/java/hll4_n100_java"));
  EXPECT_TRUE(Holds("gen = byte_arrays", "fuzz/hll/sketch/lgk=4/type=HLL_4/n=1/a.updatable/listCount=0xff"));
  EXPECT_FALSE(Holds("has lgk", "tck/java/hll4_n100_java"));
  EXPECT_TRUE(Holds("has utf8", "kll/exact/item=string/utf8/k=8/n=2"));
  EXPECT_FALSE(Holds("has utf8", "kll/exact/item=string/k=8/n=2/order=ascending"));
  // A glob over the key: the fields a fuzz mutant damaged, index and all.
  EXPECT_TRUE(Holds("has level[*]", "fuzz/kll/exact/item=double/k=8/n=9/a.compact/level[1]=0xffffffff"));
  EXPECT_FALSE(Holds("has level[*]", "fuzz/kll/exact/item=double/k=8/n=9/a.compact/item[1]=0xffffffff"));
  EXPECT_TRUE(Holds("has numLevels*", "fuzz/kll/exact/item=double/k=8/n=9/a.compact/numLevels-1"));
}

TEST(CasePredicate, GlobsAndSets) {
  EXPECT_TRUE(Holds("gen = byte_*", "hll/items/gen=byte_arrays/lgk=12/type=HLL_4/n=1"));
  EXPECT_FALSE(Holds("gen = byte_*", "hll/items/gen=utf8_strings/lgk=12/type=HLL_4/n=1"));
  EXPECT_TRUE(Holds("item in double,float", "kll/cross/item=float/k=8/n=9/order=ascending"));
  EXPECT_FALSE(Holds("item in double,float", "kll/cross/item=string/k=8/n=9/order=ascending"));
  EXPECT_TRUE(Holds("n != 0", "cpc/sketch/lgk=4/seed=default/n=16384"));
  EXPECT_FALSE(Holds("n != 0", "cpc/sketch/lgk=4/seed=default/n=0"));
}

TEST(CasePredicate, RefusesWhatItCannotMean) {
  EXPECT_FALSE(CasePredicate::Parse("lgk>=13").ok());  // words apart, so a value may hold '=' or '<'
  EXPECT_FALSE(CasePredicate::Parse("lgk >= big").ok());
  EXPECT_FALSE(CasePredicate::Parse("lgk ~ 13").ok());
  EXPECT_FALSE(CasePredicate::Parse("has").ok());
}

}  // namespace
}  // namespace dsconform
