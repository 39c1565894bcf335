// quantiles.cross: estimation mode across languages. Each engine builds a
// sketch past 2k with its random bits pinned (so its image is its own: a
// "lang." field that two builds of one library must write alike), then
// every engine reads that image, answers every query at both search
// criteria and writes it again: reader and writer must agree bit for bit,
// and the writer must get its own bytes back (A -> B -> A reproduces A).
#include "absl/strings/str_cat.h"
#include "sketches/quantiles/quantiles_suites.h"

namespace dsconform {
namespace {

class QuantilesCross final : public Suite {
 public:
  std::string name() const override { return "quantiles.cross"; }
  std::string description() const override {
    return "estimation-mode images (n on both sides of every level transition) written by one engine with pinned "
           "random bits, read by every other: every query (inclusive and exclusive), the re-written image, and "
           "(Java, doubles) the image wrapped in place";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{2, 128}
                                : scale == SuiteScale::kReduced ? std::vector<int>{2, 16, 128, 1024}
                                                                : std::vector<int>{2, 4, 16, 128, 1024, 4096, 32768};
    const int levels = scale == SuiteScale::kSmoke ? 2 : scale == SuiteScale::kReduced ? 5 : 9;
    const std::vector<ItemOrder> orders =
        scale == SuiteScale::kSmoke ? std::vector<ItemOrder>{ItemOrder::kShuffled}
                                    : std::vector<ItemOrder>{ItemOrder::kAscending, ItemOrder::kDescending,
                                                             ItemOrder::kShuffled};
    std::vector<Case> cases;
    for (const std::string& item : QuantilesItemTypes())
      for (int k : ks)
        for (int64_t n : QuantilesSizes(k, levels, 2000000))
          if (n >= 2 * int64_t{k})
            for (ItemOrder order : orders) cases.push_back(MakeCase(item, k, n, order));
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, int k, int64_t n, ItemOrder order) const {
    CaseBuilder b(absl::StrCat("quantiles/cross/item=", item, "/k=", k, "/n=", n, "/order=", ItemOrderName(order)),
                  name(), "quantiles");
    b.Step("create", "a", {{"k", k}, {"item", item}})
        .Update("a", QuantilesItems(item, 0, n, order, 11), {{"seed", 4242}})
        .Step("serialize", "a", {{"form", "compact"}, {"as", "lang.a"}})
        .Step("deserialize", "own", {{"image", "lang.a.compact"}, {"item", item}})
        .Step("serialize", "own", {{"form", "compact"}, {"as", "lang.own"}})
        .Check("equal", {"lang.a.compact", "lang.own.compact"})
        .Cross({"lang.a.compact"});
    b.Step("deserialize", "r", {{"image", "lang.a.compact"}, {"item", item}})
        .Step("serialize", "r", {{"form", "compact"}});
    AddQuantilesQuery(b, "r", "r", item, 0, n);
    // Java reads a doubles image in place too (wrap, read-only): the same answers as heapify.
    if (item == "double") {
      b.Step("deserialize", "w", {{"image", "lang.a.compact"}, {"item", item}, {"mode", "wrap"}});
      AddQuantilesQuery(b, "w", "w", item, 0, n);
    }
    return b.Build();
  }
};

}  // namespace

const Suite& QuantilesCrossSuite() {
  static const QuantilesCross* suite = new QuantilesCross();
  return *suite;
}

}  // namespace dsconform
