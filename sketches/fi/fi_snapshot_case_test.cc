// A TCK snapshot of Frequent items becomes a valid case that reads it as the
// item type its name says and asks for some of the image's own items.
#include <string>

#include "gtest/gtest.h"
#include "harness/family/case_validation.h"
#include "sketches/fi/fi_family.h"

#ifdef DSC_HAVE_CPP
#include "frequent_items_sketch.hpp"
#endif

namespace dsconform {
namespace {

const FamilyCatalog& OwnFamily() {
  static const auto* catalog = new FamilyCatalog({&families::fi()});
  return *catalog;
}

const Op* StepOf(const Case& c, const std::string& step, const std::string& slot) {
  for (const Op& op : c.ops)
    if (op.op == step && op.sketch == slot) return &op;
  return nullptr;
}

TEST(FiSnapshotCase, AnEmptyImageIsReadAsTheNameSaysAndAskedForAnAbsentKey) {
  const std::string empty("\x01\x01\x0a\x0a\x03\x05\x00\x00", 8);
  for (const char* item : {"long", "string"}) {
    const Case c = families::fi().SnapshotCase(std::string("tck/java/frequent_") + item + "_n0_java", empty);
    ASSERT_TRUE(ValidateCase(c, OwnFamily()).ok()) << ValidateCase(c, OwnFamily());
    const Op* read = StepOf(c, "deserialize", "r");
    ASSERT_NE(read, nullptr);
    EXPECT_EQ(read->Str("item"), item);
    const Op* query = StepOf(c, "query", "r");
    ASSERT_NE(query, nullptr);
    EXPECT_EQ(query->StrList("keys").size(), 1u);
  }
}

#ifdef DSC_HAVE_CPP
TEST(FiSnapshotCase, KeysAreTheImagesItemsThatCrossToEveryEngine) {
  datasketches::frequent_items_sketch<std::string> s(4);
  for (const char* item : {"a", "b", "b", "with space", "\xc3\xa9t\xc3\xa9", "c,d"}) s.update(item);
  const auto bytes = s.serialize();
  const Case c = families::fi().SnapshotCase("tck/cpp/frequent_string_utf8_cpp", std::string(bytes.begin(), bytes.end()));
  ASSERT_TRUE(ValidateCase(c, OwnFamily()).ok()) << ValidateCase(c, OwnFamily());
  const Op* query = StepOf(c, "query", "r");
  ASSERT_NE(query, nullptr);
  std::vector<std::string> keys = query->StrList("keys");
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys, (std::vector<std::string>{"a", "absent", "b"}));  // no space, comma or non-ASCII

  datasketches::frequent_items_sketch<int64_t> longs(3);
  for (int64_t v : {-5, 7, 7}) longs.update(v);
  const auto lb = longs.serialize();
  const Case l = families::fi().SnapshotCase("tck/cpp/frequent_long_n3_cpp", std::string(lb.begin(), lb.end()));
  keys = StepOf(l, "query", "r")->StrList("keys");
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys, (std::vector<std::string>{"-123456789", "-5", "7"}));
  EXPECT_EQ(StepOf(l, "deserialize", "r")->Str("item"), "long");
}
#endif

}  // namespace
}  // namespace dsconform
