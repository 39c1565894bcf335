// A TCK snapshot of Tuple becomes a valid case that reads it with the summary
// its file name says.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness/family/case_validation.h"
#include "sketches/tuple/tuple_family.h"

namespace dsconform {
namespace {

const FamilyCatalog& OwnFamily() {
  static const auto* catalog = new FamilyCatalog({&families::tuple()});
  return *catalog;
}

struct Named {
  std::string id;
  std::string summary;
  int num_values;  // -1: the summary has none
};

TEST(TupleSnapshotCase, ReadsTheSummaryTheFileNameSays) {
  const std::string image("\x01\x03\x09\x01\x1c\x00\xcc\x93", 8);  // any bytes: the case only names them
  const std::vector<Named> named = {
      {"tck/java/tuple_int_n10_java", "int_sum", -1},  {"tck/cpp/aod_3_n100_cpp", "aod", 3},
      {"tck/go/aod_1_n0_go", "aod", 1},                {"tck/cpp/aos_3_n10_cpp", "aos", 3},
      {"tck/java/aos_1_n1_java", "aos", 1},            {"tck/java/aos_multikey_n100_java", "aos", 1},
      {"tck/go/aos_unicode_strings_go", "aos", 1},     {"tck/cpp/aos_empty_strings_cpp", "aos", 1},
  };
  for (const Named& n : named) {
    const Case c = families::tuple().SnapshotCase(n.id, image);
    ASSERT_TRUE(ValidateCase(c, OwnFamily()).ok()) << n.id << ": " << ValidateCase(c, OwnFamily());
    int reads = 0;
    for (const Op& op : c.ops) {
      if (op.op != "deserialize") continue;
      ++reads;
      EXPECT_EQ(op.Str("summary"), n.summary) << n.id;
      EXPECT_EQ(op.Int("num_values", -1), n.num_values) << n.id;
    }
    EXPECT_EQ(reads, 2) << n.id << ": heapify and wrap";
  }
  EXPECT_EQ(families::tuple().SnapshotPrefixes(), (std::vector<std::string>{"tuple", "aod", "aos"}));
}

}  // namespace
}  // namespace dsconform
