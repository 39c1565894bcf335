#include "harness/diff/invariant_checker.h"

#include "gtest/gtest.h"
#include "harness/diff/test_family.h"

namespace dsconform {
namespace {

// Counts the family checks it is asked for, and fails every image whose first byte is 'x'.
class CountingFamily final : public TestFamily {
 public:
  std::vector<std::string> CheckInvariant(const Invariant& inv, const std::vector<const Value*>& values) const override {
    ++calls;
    std::vector<std::string> out;
    for (size_t i = 0; i < values.size(); ++i)
      if (values[i] != nullptr && values[i]->bytes.rfind('x', 0) == 0) out.push_back(inv.fields[i] + ": starts with x");
    return out;
  }
  mutable int calls = 0;
};

Case TwoChecks() {
  Case c;
  c.invariants = {{"shape", {"a.compact", "a.updatable"}}, {"equal", {"a.estimate", "b.estimate"}}};
  return c;
}

Observations Obs(std::string compact, double a, double b) {
  Observations o;
  o.Add("a.compact", Value::Bytes(std::move(compact)));
  o.Add("a.updatable", Value::Bytes("u"));
  o.Add("a.estimate", Value::Double(a));
  o.Add("b.estimate", Value::Double(b));
  return o;
}

TEST(InvariantChecker, AnEngineWithTheSameValuesAsAnEarlierOneGetsItsResultUnchecked) {
  const Case c = TwoChecks();
  CountingFamily family;
  InvariantChecker checker(c, &family, {});
  const Observations first = Obs("x1", 1.0, 2.0), second = Obs("x1", 1.0, 2.0);
  const InvariantResult r1 = checker.Check(first);
  const InvariantResult r2 = checker.Check(second);
  EXPECT_EQ(family.calls, 1);
  ASSERT_EQ(r1.violations.size(), 2u);  // the family line, then equal: b vs a
  EXPECT_EQ(r1.violations[0].field, "shape: a.compact");
  EXPECT_EQ(r1.violations[1].field, "equal: b.estimate vs a.estimate");
  EXPECT_EQ(r1.checks, 2);
  ASSERT_EQ(r2.violations.size(), 2u);
  EXPECT_EQ(r2.violations[0].candidate.bytes, r1.violations[0].candidate.bytes);
  EXPECT_EQ(r2.violations[1].candidate.bits, r1.violations[1].candidate.bits);
  EXPECT_EQ(r2.checks, 2);
}

// Past a few fields the checker looks them up in an index of the stage: the same values as a
// walk, the first field of a name included, and a field the engine did not give skipped.
TEST(InvariantChecker, ManyFieldsAreFoundAsFewAre) {
  Case c;
  c.invariants = {{"equal", {"a.estimate", "b.estimate", "c.estimate", "d.estimate"}},
                  {"shape", {"a.compact", "e.compact"}}};
  CountingFamily family;
  InvariantChecker checker(c, &family, {});
  Observations o;
  o.Add("a.estimate", Value::Double(1.0));
  o.Add("a.compact", Value::Bytes("x1"));
  o.Add("b.estimate", Value::Double(1.0));
  o.Add("c.estimate", Value::Double(3.0));
  o.Add("c.estimate", Value::Double(1.0));  // a second field of one name: the first counts
  const InvariantResult r = checker.Check(o);
  ASSERT_EQ(r.violations.size(), 2u);
  EXPECT_EQ(r.violations[0].field, "equal: c.estimate vs a.estimate");
  EXPECT_EQ(r.violations[0].candidate.AsDouble(), 3.0);
  EXPECT_EQ(r.violations[1].field, "shape: a.compact");
  EXPECT_EQ(r.checks, 3);  // b and c against a (d is missing), and the family check
}

TEST(InvariantChecker, OtherValuesAreCheckedAfresh) {
  const Case c = TwoChecks();
  CountingFamily family;
  InvariantChecker checker(c, &family, {});
  const Observations bad = Obs("x1", 1.0, 1.0), good = Obs("y1", 1.0, 1.0), bad_again = Obs("x1", 1.0, 1.0);
  EXPECT_EQ(checker.Check(bad).violations.size(), 1u);
  EXPECT_TRUE(checker.Check(good).violations.empty());
  EXPECT_EQ(checker.Check(bad_again).violations.size(), 1u);
  EXPECT_EQ(family.calls, 2);  // the third engine matches the first
  // -0.0 and 0.0 are other bits: checked again, and unequal.
  const Observations zero = Obs("y1", 0.0, -0.0);
  const InvariantResult r = checker.Check(zero);
  ASSERT_EQ(r.violations.size(), 1u);
  EXPECT_EQ(r.violations[0].field, "equal: b.estimate vs a.estimate");
}

TEST(InvariantChecker, ErrorsAreNeverShared) {
  Case c;
  c.invariants = {{"equal", {"a.compact", "b.compact"}}};
  InvariantChecker checker(c, nullptr, {});
  Observations java, cpp;
  java.Add("a.compact", Value::Error("SketchesArgumentException", "bad", "at java frame"));
  java.Add("b.compact", Value::Bytes("b"));
  cpp.Add("a.compact", Value::Error("SketchesArgumentException", "bad", "at cpp frame"));
  cpp.Add("b.compact", Value::Bytes("b"));
  const InvariantResult rj = checker.Check(java);
  const InvariantResult rc = checker.Check(cpp);
  ASSERT_EQ(rj.violations.size(), 1u);
  ASSERT_EQ(rc.violations.size(), 1u);
  EXPECT_EQ(rj.violations[0].reference.stack, "at java frame");
  EXPECT_EQ(rc.violations[0].reference.stack, "at cpp frame");
}

}  // namespace
}  // namespace dsconform
