#include "harness/record/indices_grouped.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

TEST(IndicesGrouped, DigitsInBracketsBecomeAStar) {
  EXPECT_EQ(IndicesGrouped("register[17]"), "register[*]");
  EXPECT_EQ(IndicesGrouped("aux[3].value[12]"), "aux[*].value[*]");
  EXPECT_EQ(IndicesGrouped("a.frequent_nfn[1200].estimate"), "a.frequent_nfn[*].estimate");
  EXPECT_EQ(IndicesGrouped("hipAccum"), "hipAccum");
}

TEST(IndicesGrouped, AnythingElseInBracketsStays) {
  EXPECT_EQ(IndicesGrouped("slot[x]"), "slot[x]");
  EXPECT_EQ(IndicesGrouped("a[]"), "a[]");
  EXPECT_EQ(IndicesGrouped("a[1"), "a[1");
  EXPECT_EQ(IndicesGrouped("a[-1]"), "a[-1]");
  EXPECT_EQ(IndicesGrouped("a[[2]]"), "a[[*]]");
}

}  // namespace
}  // namespace dsconform
