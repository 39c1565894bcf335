#include "harness/expect/difference_shape.h"

#include <cmath>
#include <cstring>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

FieldDiff Doubles(double a, double b, const std::string& field = "a.estimate") {
  FieldDiff d;
  d.field = field;
  d.reference = Value::Double(a);
  d.candidate = Value::Double(b);
  return d;
}

FieldDiff Image(const std::string& field, std::vector<std::string> decoded) {
  FieldDiff d;
  d.field = field;
  d.reference = Value::Bytes("\x01\x02");
  d.candidate = Value::Bytes("\x01\x03");
  for (auto& x : decoded) d.decoded.push_back({x, "0", "1", 5, 1});
  return d;
}

FieldDiff Thrown(const std::string& cls, const std::string& message) {
  FieldDiff d;
  d.field = "error@op2";
  d.missing_in_reference = true;
  d.candidate = Value::Error(cls, message);
  return d;
}

TEST(DifferenceShape, UlpsOfTwoFiniteDoublesOfOneSign) {
  DifferenceShape s;
  s.fields = {"*.estimate"};
  s.max_ulps = 1;
  const double x = 92.567751334770023;
  EXPECT_TRUE(s.Covers(Doubles(x, std::nextafter(x, 100.0))));
  EXPECT_FALSE(s.Covers(Doubles(x, std::nextafter(std::nextafter(x, 100.0), 100.0))));
  EXPECT_FALSE(s.Covers(Doubles(x, -x)));
  EXPECT_FALSE(s.Covers(Doubles(x, INFINITY)));
  EXPECT_FALSE(s.Covers(Doubles(x, std::nextafter(x, 100.0), "a.lb1")));  // another field
  FieldDiff ints;
  ints.field = "a.estimate";
  ints.reference = Value::Int(1);
  ints.candidate = Value::Int(2);
  EXPECT_FALSE(s.Covers(ints));
}

TEST(DifferenceShape, NegatedWithinARelativeTolerance) {
  DifferenceShape s;
  s.negated = true;
  s.max_relative = 1e-5;
  EXPECT_TRUE(s.Covers(Doubles(0.207805347, -0.207805347)));
  EXPECT_TRUE(s.Covers(Doubles(0.0032521664498347566, -0.0032521664062500001)));
  EXPECT_FALSE(s.Covers(Doubles(0.207805347, 0.207805347)));  // the same sign is another difference
  EXPECT_FALSE(s.Covers(Doubles(0.2, -0.3)));
  DifferenceShape close;
  close.max_relative = 1e-5;
  EXPECT_TRUE(close.Covers(Doubles(761.99226882930452, 761.99226892238403)));
  EXPECT_FALSE(close.Covers(Doubles(761.99226882930452, 762.5)));
  EXPECT_FALSE(close.Covers(Doubles(0.207805347, -0.207805347)));
  DifferenceShape exact;
  exact.negated = true;
  EXPECT_TRUE(exact.Covers(Doubles(0.25, -0.25)));
  EXPECT_FALSE(exact.Covers(Doubles(0.25, -0.2500001)));
}

TEST(DifferenceShape, AtLeastWantsOneSideOutOfAllScale) {
  DifferenceShape s;
  s.fields = {"*.lb?"};
  s.at_least = 2147483648.0;
  EXPECT_TRUE(s.Covers(Doubles(317.29727477336456, 4294959168.0, "heapify.lb1")));
  EXPECT_TRUE(s.Covers(Doubles(4294959168.0, 317.29727477336456, "heapify.lb1")));  // either side
  EXPECT_FALSE(s.Covers(Doubles(317.29727477336456, 276.56328832513776, "heapify.lb1")));
  FieldDiff missing;
  missing.field = "heapify.lb1";
  missing.missing_in_reference = true;
  missing.candidate = Value::Double(4294959168.0);
  EXPECT_FALSE(s.Covers(missing));  // a value on one side only is another difference
}

TEST(DifferenceShape, EveryDifferingDecodedFieldMustBeNamed) {
  DifferenceShape s;
  s.fields = {"*.compact"};
  s.decoded = {"flags", "flags.HAS_HIP"};
  EXPECT_TRUE(s.Covers(Image("icon.compact", {"flags", "flags.HAS_HIP"})));
  EXPECT_TRUE(s.Covers(Image("icon.compact", {"flags"})));
  // Another kind of difference in the same field: a window that differs too.
  EXPECT_FALSE(s.Covers(Image("icon.compact", {"flags", "flags.HAS_HIP", "windowLengthInts"})));
  EXPECT_FALSE(s.Covers(Doubles(1, 2, "icon.compact")));  // not an image: nothing decoded to judge
  DifferenceShape globbed;
  globbed.decoded = {"flags*", "item[*]"};
  EXPECT_TRUE(globbed.Covers(Image("merged.compact", {"flags", "flags.LEVEL_ZERO_SORTED", "item[0]", "item[7]"})));
  EXPECT_FALSE(globbed.Covers(Image("merged.compact", {"flags", "numLevels"})));
}

TEST(DifferenceShape, AnErrorItsMessageAndWhatIsMissing) {
  DifferenceShape s;
  s.value = DifferenceShape::ValueKind::kError;
  s.messages = {"*: unexpected pseudo phase*"};
  EXPECT_TRUE(s.Covers(Thrown("std::logic_error", "unexpected pseudo phase for sliding flavor")));
  EXPECT_FALSE(s.Covers(Thrown("std::logic_error", "word_index > num_compressed_words")));
  FieldDiff missing;
  missing.field = "a.estimate";
  missing.missing_in_candidate = true;
  missing.reference = Value::Double(1);
  EXPECT_FALSE(s.Covers(missing));
  DifferenceShape m;
  m.value = DifferenceShape::ValueKind::kMissing;
  EXPECT_TRUE(m.Covers(missing));
  EXPECT_FALSE(m.Covers(Doubles(1, 2)));
  EXPECT_EQ(ErrorSide(Thrown("E", "x")), Side::kCandidate);
  EXPECT_EQ(MissingSide(missing), Side::kCandidate);
}

TEST(DifferenceShape, AStringValueMatchesItsMessage) {
  DifferenceShape s;
  s.fields = {"hll_image_consistent: *"};
  s.messages = {"*stores curMin * its registers give curMin 0 *"};
  FieldDiff d;
  d.field = "hll_image_consistent: u0_HLL_8.compact";
  d.missing_in_reference = true;
  d.candidate = Value::String("u0_HLL_8.compact: stores curMin 4 numAtCurMin 1, its registers give curMin 0 numAtCurMin 0");
  EXPECT_TRUE(s.Covers(d));
  d.candidate = Value::String("u0_HLL_8.compact: register 17 is 70, above 63");
  EXPECT_FALSE(s.Covers(d));
}

TEST(DifferenceShape, OneSideNonfinite) {
  DifferenceShape s;
  s.value = DifferenceShape::ValueKind::kNonfinite;
  EXPECT_TRUE(s.Covers(Doubles(1013.0247416279668, INFINITY)));
  EXPECT_TRUE(s.Covers(Doubles(INFINITY, 1013.0)));
  EXPECT_FALSE(s.Covers(Doubles(1013.0, 1014.0)));
  EXPECT_FALSE(s.Covers(Doubles(INFINITY, -INFINITY)));
}

TEST(DifferenceShape, BothNanWithOtherBits) {
  DifferenceShape s;
  s.value = DifferenceShape::ValueKind::kNan;
  uint64_t image_bits = ~uint64_t{0}, go_bits = 0x7ff8000000000001;
  double image_nan, go_nan;
  std::memcpy(&image_nan, &image_bits, 8);
  std::memcpy(&go_nan, &go_bits, 8);
  EXPECT_TRUE(s.Covers(Doubles(image_nan, go_nan)));
  EXPECT_FALSE(s.Covers(Doubles(image_nan, 16.0)));  // one NaN is nonfinite's
  EXPECT_FALSE(s.Covers(Doubles(INFINITY, go_nan)));
}

}  // namespace
}  // namespace dsconform
