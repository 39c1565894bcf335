// The case of an imported KLL snapshot (a TCK .sk file): kll_<item>_n<N>_<language>.sk.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "harness/case/case_builder.h"
#include "harness/case/case_params.h"
#include "harness/family/image_bytes.h"
#include "sketches/kll/kll_family.h"
#include "sketches/kll/kll_suites.h"

namespace dsconform {
namespace {

// A KLL image does not say its item type: a fuzz mutant's id keeps its suite case's (item=float),
// the TCK's file names say it (kll_double_n100_java.sk, kll_sketch_float_one_item_v1.sk).
std::string SnapshotItemType(const std::string& id) {
  const std::vector<std::string> types = KllItemTypes();
  const std::string stated = CaseParams::Of(id).Value("item");
  if (std::find(types.begin(), types.end(), stated) != types.end()) return stated;
  for (absl::string_view word : absl::StrSplit(id.substr(id.rfind('/') + 1), '_'))
    if (std::find(types.begin(), types.end(), word) != types.end()) return std::string(word);
  return "double";  // a name without one: read as doubles, the libraries' first item type
}

// The bytes of the image's min and max items (the one item of a single-item
// image twice), or nothing when the image is empty or too short to hold them.
std::optional<std::pair<std::string, std::string>> MinMaxBytes(const std::string& image, const std::string& item) {
  if (image.size() < 8 || (image[3] & 1) != 0) return std::nullopt;  // flags bit 0: empty
  const uint32_t pre_ints = static_cast<unsigned char>(image[0]);
  uint32_t at = 8;  // single item (preInts 2): the item follows the 8 header bytes
  if (pre_ints == 5) {
    if (image.size() < 20) return std::nullopt;
    at = 20 + 4 * static_cast<uint32_t>(static_cast<unsigned char>(image[18]));  // after the levels
  }
  auto item_at = [&](uint32_t& pos) -> std::optional<std::string> {
    uint64_t size = item == "float" ? 4 : 8;
    if (item == "string") {
      if (pos + 4 > image.size()) return std::nullopt;
      size = LoadLe(image, pos, 4);
      pos += 4;
    }
    if (pos + size > image.size()) return std::nullopt;
    std::string bytes = image.substr(pos, size);
    pos += static_cast<uint32_t>(size);
    return bytes;
  };
  auto min = item_at(at);
  if (!min) return std::nullopt;
  if (pre_ints != 5) return std::make_pair(*min, *min);
  auto max = item_at(at);
  if (!max) return std::nullopt;
  return std::make_pair(*min, *max);
}

// Split points over the image's range of items: nine evenly spaced values from
// below its min to past its max (for strings, the min and the max themselves),
// as decimals that read back the same in every language. Empty when the range
// holds no such points (an empty image, infinities, NaN, strings that are not
// printable ASCII without spaces and commas, such as Java's space-padded ones).
nlohmann::ordered_json SnapshotPoints(const std::string& image, const std::string& item) {
  nlohmann::ordered_json points = nlohmann::ordered_json::array();
  const auto range = MinMaxBytes(image, item);
  if (!range) return points;
  if (item == "string") {
    std::set<std::string> both = {range->first, range->second};
    for (const std::string& s : both) {
      // The engine protocols carry a list as one comma-separated token of printable ASCII.
      for (char ch : s)
        if (ch <= 0x20 || ch >= 0x7f || ch == ',') return nlohmann::ordered_json::array();
      if (s.empty()) return nlohmann::ordered_json::array();
      points.push_back(s);
    }
    return points;
  }
  if (item == "long") {
    const auto lo = static_cast<int64_t>(LoadLe(range->first, 0, 8));
    const auto hi = static_cast<int64_t>(LoadLe(range->second, 0, 8));
    if (lo <= INT64_MIN / 4 || hi >= INT64_MAX / 4 || lo > hi) return points;
    std::set<int64_t> values;
    for (int j = 0; j <= 8; ++j) values.insert(lo - 1 + (j * (hi - lo + 2)) / 8);
    for (int64_t v : values) points.push_back(absl::StrCat(v));
    return points;
  }
  double lo, hi;
  if (item == "float") {
    float f[2];
    std::memcpy(&f[0], range->first.data(), 4);
    std::memcpy(&f[1], range->second.data(), 4);
    lo = f[0], hi = f[1];
  } else {
    lo = LoadLeDouble(range->first, 0), hi = LoadLeDouble(range->second, 0);
  }
  if (!std::isfinite(lo) || !std::isfinite(hi) || lo > hi) return points;
  std::set<std::string> seen;
  for (int j = 0; j <= 8; ++j) {
    const double v = (lo - 1) + (hi - lo + 2) * j / 8;
    const std::string text = item == "float" ? absl::StrFormat("%.9g", static_cast<float>(v)) : FormatImageDouble(v);
    if (seen.insert(text).second) points.push_back(text);
  }
  return points;
}

}  // namespace

Case KllSnapshotCase(const std::string& id, const std::string& image) {
  const std::string item = SnapshotItemType(id);
  const nlohmann::ordered_json points = SnapshotPoints(image, item);
  const bool empty = image.size() < 4 || (image[3] & 1) != 0;
  // Every cross-language query the image answers: min, max and the grids throw on an empty sketch.
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : families::kll().vocabulary().queries()) {
    if (q.native_only || (empty && (q.name == "min" || q.name == "max" || !q.grid.empty()))) continue;
    if (q.grid == "points" && points.empty()) continue;
    queries.push_back(q.name);
  }
  nlohmann::ordered_json query = {{"queries", queries}};
  if (!empty) query["ranks"] = RankGrid();
  if (!points.empty()) query["points"] = points;

  CaseBuilder b(id, "tck", "kll");
  b.Input("image", image);
  for (const char* mode : {"heapify", "wrap"}) {
    // Written again before the queries: datasketches-cpp sorts level 0 in place on a query.
    b.Step("deserialize", mode, {{"image", "image"}, {"item", item}, {"mode", mode}})
        .Step("serialize", mode, {{"form", "compact"}})
        .Step("query", mode, query);
  }
  // The snapshots are written by serialize: read and written again, they must not change.
  b.Check("matches_input", {"heapify.compact", "image"});
  return b.Build();
}

}  // namespace dsconform
