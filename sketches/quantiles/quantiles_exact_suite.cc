// quantiles.exact: sketches whose base buffer never filled (n < 2k) hold
// every item and draw no random bit, so every library must agree bit for
// bit: both images, every query at both search criteria, the image read
// back and written again, reading and continuing to update, a merge that
// stays exact, and (cross stage) each engine's image read by every other.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "sketches/quantiles/quantiles_suites.h"

namespace dsconform {
namespace {

class QuantilesExact final : public Suite {
 public:
  std::string name() const override { return "quantiles.exact"; }
  std::string description() const override {
    return "double/long/string sketches with n below 2k (no compaction) in several input orders, duplicated input "
           "and non-ASCII strings: compact and updatable images, every query (inclusive and exclusive), round trip, "
           "heapify-and-continue, a merge within 2k, and each image read by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{2, 128}
                                : scale == SuiteScale::kReduced ? std::vector<int>{2, 4, 16, 128, 1024}
                                                                : std::vector<int>{2, 4, 8, 16, 128, 1024, 32768};
    const std::vector<ItemOrder> orders =
        scale == SuiteScale::kSmoke
            ? std::vector<ItemOrder>{ItemOrder::kShuffled}
            : std::vector<ItemOrder>{ItemOrder::kAscending, ItemOrder::kDescending, ItemOrder::kShuffled,
                                     ItemOrder::kAlternating};
    std::vector<Case> cases;
    for (const std::string& item : QuantilesItemTypes())
      for (int k : ks) {
        std::vector<int64_t> sizes = {0, 1, 2, k, 2 * int64_t{k} - 1};
        if (scale == SuiteScale::kSmoke) sizes = {0, 1, 2 * int64_t{k} - 1};
        std::sort(sizes.begin(), sizes.end());
        sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
        for (int64_t n : sizes)
          for (ItemOrder order : orders) {
            cases.push_back(MakeCase(item, k, n, order, false));
            if (n >= 2 && n % 2 == 0) cases.push_back(MakeCase(item, k, n, order, true));
          }
      }
    for (int64_t n : {2, 5}) cases.push_back(MakeUtf8Case(n));
    return cases;
  }

 private:
  // `duplicated`: the n items are n/2 values, each twice (two passes over one stream).
  Case MakeCase(const std::string& item, int k, int64_t n, ItemOrder order, bool duplicated) const {
    CaseBuilder b(absl::StrCat("quantiles/exact/item=", item, "/k=", k, "/n=", n, "/order=", ItemOrderName(order),
                               duplicated ? "/input=duplicated" : ""),
                  name(), "quantiles");
    const int64_t values = duplicated ? n / 2 : n;
    b.Step("create", "a", {{"k", k}, {"item", item}}).Update("a", QuantilesItems(item, 0, values, order, 5));
    if (duplicated) b.Update("a", QuantilesItems(item, 0, values, order, 6));
    b.Step("serialize", "a", {{"form", "compact"}}).Step("serialize", "a", {{"form", "updatable"}});
    AddQuantilesQuery(b, "a", "a", item, 0, values);
    b.Step("deserialize", "rt", {{"image", "a.compact"}, {"item", item}})
        .Step("serialize", "rt", {{"form", "compact"}})
        .Check("equal", {"a.compact", "rt.compact"});
    // Heapify and continue: b's items join what the image held, still below 2k.
    const int64_t nb = std::max<int64_t>(0, std::min<int64_t>(values, 2 * int64_t{k} - 1 - n));
    b.Step("create", "b", {{"k", k}, {"item", item}}).Update("b", QuantilesItems(item, values, nb, order, 7));
    b.Step("deserialize", "cont", {{"image", "a.compact"}, {"item", item}})
        .Update("cont", QuantilesItems(item, values, nb, order, 7))
        .Step("serialize", "cont", {{"form", "compact"}});
    b.Step("merge", "a", {{"from", "b"}}).Step("serialize", "a", {{"form", "compact"}, {"as", "merged"}});
    AddQuantilesQuery(b, "a", "merged", item, 0, values + nb);
    // The updatable image last: an engine that cannot write it (cpp) ends its readers' stage there.
    b.Cross({"a.compact", "merged.compact", "a.updatable"});
    const struct { const char* image; const char* slot; int64_t n; } reads[] = {
        {"a.compact", "read_a", values}, {"merged.compact", "read_merged", values + nb}, {"a.updatable", "read_upd", values}};
    for (const auto& r : reads) {
      b.Step("deserialize", r.slot, {{"image", r.image}, {"item", item}}).Step("serialize", r.slot, {{"form", "compact"}});
      AddQuantilesQuery(b, r.slot, r.slot, item, 0, r.n);
    }
    return b.Build();
  }

  // Non-ASCII strings: an image holds each string's UTF-8 byte count and bytes.
  Case MakeUtf8Case(int64_t n) const {
    ItemStream items;
    items.generator = ItemGenerator::kUtf8Strings;
    items.count = n;
    CaseBuilder b(absl::StrCat("quantiles/exact/item=string/utf8/k=8/n=", n), name(), "quantiles");
    b.Step("create", "a", {{"k", 8}, {"item", "string"}})
        .Update("a", items)
        .Step("serialize", "a", {{"form", "compact"}})
        .Step("query", "a", {{"queries", {"n", "min", "max", "quantiles", "quantiles_excl"}}, {"ranks", RankGrid()}})
        .Cross({"a.compact"});
    b.Step("deserialize", "r", {{"image", "a.compact"}, {"item", "string"}})
        .Step("serialize", "r", {{"form", "compact"}})
        .Step("query", "r", {{"queries", {"n", "min", "max", "quantiles", "quantiles_excl"}}, {"ranks", RankGrid()}});
    return b.Build();
  }
};

}  // namespace

const Suite& QuantilesExactSuite() {
  static const QuantilesExact* suite = new QuantilesExact();
  return *suite;
}

}  // namespace dsconform
