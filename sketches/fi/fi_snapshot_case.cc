// The case of an imported Frequent items snapshot (a TCK .sk file):
// frequent_long_n<N>_<language>.sk, frequent_string_{n<N>,ascii,utf8}_<language>.sk.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "harness/case/case_builder.h"
#include "harness/case/case_params.h"
#include "harness/family/image_bytes.h"
#include "sketches/fi/fi_suites.h"

namespace dsconform {
namespace {

// An image does not say its item type: a fuzz mutant's id keeps its suite case's (item=string),
// the TCK's file names say it.
std::string SnapshotItemType(const std::string& id) {
  const std::string stated = CaseParams::Of(id).Value("item");
  if (stated == "string" || stated == "long") return stated;
  for (absl::string_view word : absl::StrSplit(id.substr(id.rfind('/') + 1), '_'))
    if (word == "string") return "string";
  return "long";
}

// Whether a key crosses to every engine as it is (the Java bridge passes
// printable ASCII tokens without spaces or commas).
bool PlainKey(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c <= 0x20 || c >= 0x7f || c == ',') return false;
  return true;
}

// Up to 8 of the image's items (longs as decimal text), then one it lacks.
std::vector<std::string> SnapshotKeys(const std::string& image, const std::string& item, int64_t* active) {
  std::vector<std::string> keys;
  const std::string absent = item == "long" ? "-123456789" : "absent";
  *active = 0;
  if (image.size() < 32 || static_cast<unsigned char>(image[0]) != 4) return {absent};
  *active = static_cast<int64_t>(LoadLe(image, 8, 4));
  uint64_t pos = 32 + 8 * static_cast<uint64_t>(*active);  // past the weights
  for (int64_t i = 0; i < *active && keys.size() < 8; ++i) {
    if (item == "long") {
      if (pos + 8 > image.size()) break;
      keys.push_back(absl::StrCat(static_cast<int64_t>(LoadLe(image, static_cast<uint32_t>(pos), 8))));
      pos += 8;
      continue;
    }
    if (pos + 4 > image.size()) break;
    const uint64_t len = LoadLe(image, static_cast<uint32_t>(pos), 4);
    if (pos + 4 + len > image.size()) break;
    std::string s = image.substr(pos + 4, len);
    pos += 4 + len;
    if (PlainKey(s)) keys.push_back(std::move(s));
  }
  keys.push_back(absent);
  return keys;
}

}  // namespace

Case FiSnapshotCase(const std::string& id, const std::string& image) {
  const std::string item = SnapshotItemType(id);
  int64_t active = 0;
  const std::vector<std::string> keys = SnapshotKeys(image, item, &active);
  CaseBuilder b(id, "tck", "fi");
  b.Input("image", image);
  b.Step("deserialize", "r", {{"image", "image"}, {"item", item}}).Step("serialize", "r", {{"form", "compact"}});
  AddFiQuery(b, "r", "r", keys, std::nullopt, false, active <= kFiMaxListed);
  // The snapshots are written by serialize: read and written again, they must not change.
  b.Check("matches_input", {"r.compact", "image"});
  return b.Build();
}

}  // namespace dsconform
