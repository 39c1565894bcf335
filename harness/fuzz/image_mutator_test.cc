#include "harness/fuzz/image_mutator.h"

#include <set>

#include "gtest/gtest.h"
#include "sketches/compiled_families.h"
#include "harness/fuzz/fuzz_cases.h"

namespace dsconform {
namespace {

// An HLL_4 LIST image (lgK 12) with two coupons, as both libraries write it.
const std::string kList("\x02\x01\x07\x0c\x03\x08\x02\x00\x11\x22\x33\x04\x55\x66\x77\x08", 16);

TEST(ImageMutatorTest, IsDeterministicAndDistinct) {
  const Family* hll = CompiledFamilies().Find("hll");
  ASSERT_NE(hll, nullptr);
  const auto a = MutateImage(kList, *hll, 7, 500), b = MutateImage(kList, *hll, 7, 500);
  ASSERT_EQ(a.size(), b.size());
  std::set<std::string> images;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].image, b[i].image);
    EXPECT_NE(a[i].image, kList) << a[i].name;
    EXPECT_TRUE(images.insert(a[i].image).second) << a[i].name;
  }
  EXPECT_GT(a.size(), 60u);
  EXPECT_NE(MutateImage(kList, *hll, 8, 500).back().image, a.back().image);  // the seeded flips move
}

TEST(ImageMutatorTest, DamagesEveryHeaderFieldAndCutsAtItsBoundary) {
  const auto mutants = MutateImage(kList, *CompiledFamilies().Find("hll"), 1, 1000);
  std::map<std::string, std::string> by_name;
  for (const auto& m : mutants) by_name[m.name] = m.image;
  ASSERT_TRUE(by_name.count("lgK=0xff"));
  EXPECT_EQ(static_cast<unsigned char>(by_name["lgK=0xff"][3]), 0xff);
  ASSERT_TRUE(by_name.count("truncate@8"));
  EXPECT_EQ(by_name["truncate@8"], kList.substr(0, 8));
  EXPECT_TRUE(by_name.count("serVer=0"));
  EXPECT_TRUE(by_name.count("familyId=3"));
  EXPECT_TRUE(by_name.count("extend+8"));
  EXPECT_EQ(MutateImage(kList, *CompiledFamilies().Find("hll"), 1, 5).size(), 5u);
}

TEST(ImageMutatorTest, ASmallSliceDrawsFromEveryKindInOrder) {
  const Family& hll = *CompiledFamilies().Find("hll");
  const auto all = MutateImage(kList, hll, 3, 100000);
  const auto slice = MutateImage(kList, hll, 3, 12);
  ASSERT_EQ(slice.size(), 12u);
  // Not just the first header field's four: the slice reaches past the first third of the list.
  std::map<std::string, size_t> position;
  for (size_t i = 0; i < all.size(); ++i) position[all[i].image] = i;
  size_t last = 0;
  for (const Mutant& m : slice) {
    ASSERT_TRUE(position.count(m.image)) << m.name;
    EXPECT_GE(position[m.image], last) << "out of order: " << m.name;
    last = position[m.image];
  }
  EXPECT_GT(last, all.size() / 3);
  EXPECT_EQ(MutateImage(kList, hll, 3, 12)[5].name, slice[5].name);  // the same seed, the same slice
}

// A mutant's name ends its case's id, which repro takes: no two mutants of an image share one. Four
// body entries drawn from kList's two coupons repeat a field, whose random values must differ by name.
TEST(ImageMutatorTest, EveryMutantOfAnImageHasItsOwnName) {
  std::set<std::string> names;
  for (const Mutant& m : MutateImage(kList, *CompiledFamilies().Find("hll"), 1, 100000))
    EXPECT_TRUE(names.insert(m.name).second) << m.name;
}

TEST(FuzzCasesTest, EachDistinctImageOfARecordingGivesCasesOfSuiteFuzz) {
  Corpus seeds;
  CorpusEntry e;
  e.c.id = "hll/x";
  e.c.family = "hll";
  e.first.Add("a.compact", Value::Bytes(kList));
  e.first.Add("b.compact", Value::Bytes(kList));  // the same image: fuzzed once
  e.first.Add("a.estimate", Value::Double(2));
  seeds.entries.push_back(e);
  const auto cases = FuzzCases(seeds, CompiledFamilies(), 3, 10);
  ASSERT_EQ(cases.size(), 10u);
  EXPECT_EQ(cases[0].suite, "fuzz");
  EXPECT_EQ(cases[0].id.rfind("fuzz/hll/x/a.compact/", 0), 0u) << cases[0].id;
  EXPECT_TRUE(cases[0].invariants.empty());
  EXPECT_EQ(cases[0].inputs.count("image"), 1u);
}

// A mutant is read as the suite case that wrote its image: its id keeps that case's item type or
// summary, which the image does not say (a string KLL image read as doubles is damaged twice).
TEST(FuzzCasesTest, AMutantIsReadWithTheItemTypeOfTheCaseThatWroteIt) {
  struct Seed {
    std::string family, id, member, expected;
  };
  const std::vector<Seed> written = {
      {"kll", "kll/exact/item=string/k=8/n=2/order=shuffled", "item", "string"},
      {"kll", "kll/exact/item=float/k=8/n=2/order=shuffled", "item", "float"},
      {"quantiles", "quantiles/exact/item=long/k=2/n=1/order=shuffled", "item", "long"},
      {"fi", "fi/streams/item=string/lgmax=3/n=5", "item", "string"},
      {"tdigest", "tdigest/exact/item=float/k=100/n=5", "item", "float"},
      {"varopt", "varopt/exact/item=utf8/k=8/weights=unit/n=7", "item", "string"},
      {"reservoir", "reservoir/exact/item=string/api=items/k=2/n=1", "item", "string"},
      {"tuple", "tuple/sketch/summary=aod3/lgk=5/rf=X8/p=1.0/seed=9001/n=1", "summary", "aod"},
      {"tuple", "tuple/sketch/summary=double_sum/lgk=5/rf=X8/p=1.0/seed=9001/n=1", "summary", "double_sum"},
  };
  for (const Seed& w : written) {
    Corpus seeds;
    CorpusEntry e;
    e.c.id = w.id;
    e.c.family = w.family;
    e.first.Add("a.compact", Value::Bytes(std::string("\x02\x01\x0f\x00\x08\x00\x08\x00\x01\x00\x00\x00", 12)));
    seeds.entries.push_back(e);
    const auto cases = FuzzCases(seeds, CompiledFamilies(), 3, 2);
    ASSERT_FALSE(cases.empty()) << w.id;
    int reads = 0;
    for (const Op& op : cases[0].ops) {
      if (op.op != "deserialize") continue;
      ++reads;
      EXPECT_EQ(op.Str(w.member.c_str()), w.expected) << cases[0].id;
    }
    EXPECT_GT(reads, 0) << cases[0].id;
  }
}

}  // namespace
}  // namespace dsconform
