// kll.exact: sketches that never compacted (n up to k) hold every item, so
// every library must agree bit for bit: images, every query at both search
// criteria, the image read back, merges that stay within k, and (cross stage)
// each engine's image read by every other.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "sketches/kll/kll_suites.h"

namespace dsconform {
namespace {

class KllExact final : public Suite {
 public:
  std::string name() const override { return "kll.exact"; }
  std::string description() const override {
    return "double/float/long/string sketches with n up to k in 4 input orders: images, every query (inclusive and "
           "exclusive), round trip, merges within k, and each image read by every engine; two sketches of non-ASCII strings";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke ? std::vector<int>{8, 200}
                                : scale == SuiteScale::kReduced ? std::vector<int>{8, 20, 200, 1000}
                                                                : std::vector<int>{8, 9, 20, 200, 201, 1000, 4096};
    const std::vector<ItemOrder> orders =
        scale == SuiteScale::kSmoke
            ? std::vector<ItemOrder>{ItemOrder::kShuffled}
            : std::vector<ItemOrder>{ItemOrder::kAscending, ItemOrder::kDescending, ItemOrder::kShuffled,
                                     ItemOrder::kAlternating};
    std::vector<Case> cases;
    for (const std::string& item : KllItemTypes())
      for (int k : ks) {
        std::vector<int64_t> sizes = {0, 1, 2, 7, k / 2, k - 1, k};
        std::sort(sizes.begin(), sizes.end());
        sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
        if (scale == SuiteScale::kSmoke) sizes = {0, 1, 2, k};
        for (int64_t n : sizes)
          for (ItemOrder order : orders) cases.push_back(MakeCase(item, k, n, order));
      }
    for (int64_t n : {2, 5}) cases.push_back(MakeUtf8Case(n));
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, int k, int64_t n, ItemOrder order) const {
    CaseBuilder b(absl::StrCat("kll/exact/item=", item, "/k=", k, "/n=", n, "/order=", ItemOrderName(order)), name(),
                  "kll");
    // b holds values after a's, as many as still fit beside them (none when a is full).
    const int64_t nb = std::min<int64_t>(n, k - n);
    b.Step("create", "a", {{"k", k}, {"item", item}})
        .Update("a", KllItems(item, 0, n, order, 5))
        .Step("serialize", "a", {{"form", "compact"}});
    AddKllQuery(b, "a", "a", item, 0, n, false);
    b.Step("deserialize", "rt", {{"image", "a.compact"}, {"item", item}})
        .Step("serialize", "rt", {{"form", "compact"}})
        .Check("equal", {"a.compact", "rt.compact"});
    b.Step("create", "b", {{"k", k}, {"item", item}}).Update("b", KllItems(item, n, nb, order, 6));
    b.Step("merge", "a", {{"from", "b"}, {"how", "copy"}})
        .Step("serialize", "a", {{"form", "compact"}, {"as", "merged"}});
    AddKllQuery(b, "a", "merged", item, 0, n + nb, false);
    b.Cross({"a.compact", "merged.compact"});
    for (const char* image : {"a", "merged"}) {
      const std::string r = absl::StrCat("read_", image);
      b.Step("deserialize", r, {{"image", absl::StrCat(image, ".compact")}, {"item", item}})
          .Step("serialize", r, {{"form", "compact"}});
      AddKllQuery(b, r, r, item, 0, std::string(image) == "a" ? n : n + nb, false);
    }
    return b.Build();
  }

  // Non-ASCII strings (utf8_strings: "0", "été-1", "日本-2", "😀-3", "Ωμέγα-4"): an
  // image is each string's UTF-8 byte count and bytes, whatever the language's strings.
  Case MakeUtf8Case(int64_t n) const {
    ItemStream items;
    items.generator = ItemGenerator::kUtf8Strings;
    items.count = n;
    CaseBuilder b(absl::StrCat("kll/exact/item=string/utf8/k=8/n=", n), name(), "kll");
    b.Step("create", "a", {{"k", 8}, {"item", "string"}})
        .Update("a", items)
        .Step("serialize", "a", {{"form", "compact"}})
        .Step("query", "a", {{"queries", {"n", "min", "max", "quantiles"}}, {"ranks", RankGrid()}})
        .Cross({"a.compact"});
    b.Step("deserialize", "r", {{"image", "a.compact"}, {"item", "string"}})
        .Step("serialize", "r", {{"form", "compact"}})  // before the query, which may sort level 0 (K1)
        .Step("query", "r", {{"queries", {"n", "min", "max", "quantiles"}}, {"ranks", RankGrid()}});
    return b.Build();
  }
};

}  // namespace

const Suite& KllExactSuite() {
  static const KllExact* suite = new KllExact();
  return *suite;
}

}  // namespace dsconform
