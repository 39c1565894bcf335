#include "harness/engine/field_index.h"

#include <gtest/gtest.h>

namespace dsconform {
namespace {

TEST(FieldIndex, AnswersAsFindDoesTheFirstFieldOfANameWins) {
  Observations obs;
  obs.Add("a.n", Value::Int(1));
  obs.Add("a.compact", Value::Bytes("\x01\x02"));
  obs.Add("a.n", Value::Int(2));
  const FieldIndex index(obs);
  ASSERT_NE(index.Find("a.n"), nullptr);
  EXPECT_EQ(index.Find("a.n"), obs.Find("a.n"));
  EXPECT_EQ(index.Find("a.n")->bits, 1u);
  EXPECT_EQ(index.Find("a.compact"), &obs.fields[1].value);
  EXPECT_EQ(index.Find("b.n"), nullptr);
  EXPECT_EQ(index.Find(""), nullptr);
}

}  // namespace
}  // namespace dsconform
