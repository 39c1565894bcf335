#include "sketches/hll/hll_image_checks.h"

#include "absl/strings/escaping.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

// A compact HLL_6 image of lgK 4 as datasketches-java 9.0.0 wrote it: the
// COMPACT flag (byte 5, 0x08) is missing.
const char* kJava900Hll6Compact =
    "0a01070400000006adaaaa04000020400000000000000000000000000000000000000000000000000000000000000000"
    "0000000000";

TEST(HllCompactFlag, FlagsACompactImageWithoutTheCompactBit) {
  const Value image = Value::Bytes(absl::HexStringToBytes(kJava900Hll6Compact));
  const auto violations = CheckHllInvariant({"hll_compact_flag", {"a.compact"}}, {&image});
  ASSERT_EQ(violations.size(), 1u);
  EXPECT_EQ(violations[0], "a.compact: COMPACT flag is false in an image serialized as compact");
  // Serialized as updatable, the same bytes are right.
  EXPECT_TRUE(CheckHllInvariant({"hll_compact_flag", {"a.updatable"}}, {&image}).empty());
}

TEST(HllImageConsistent, IgnoresFieldsThatAreNotImages) {
  const Value estimate = Value::Double(3.0);
  EXPECT_TRUE(CheckHllInvariant({"hll_image_consistent", {"a.estimate"}}, {&estimate}).empty());
  EXPECT_TRUE(CheckHllInvariant({"hll_image_consistent", {"a.compact"}}, {nullptr}).empty());
}

}  // namespace
}  // namespace dsconform
