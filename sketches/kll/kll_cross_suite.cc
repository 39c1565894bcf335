// kll.cross: estimation mode across languages. Each engine builds a sketch
// past k with its own random bits (so its image is its own: a "lang." field),
// then every engine reads that image, answers every query at both search
// criteria and writes it again; reader and writer must agree bit for bit, and
// the writer must get its own bytes back (A -> B -> A reproduces A).
#include "absl/strings/str_cat.h"
#include "sketches/kll/kll_suites.h"

namespace dsconform {
namespace {

class KllCross final : public Suite {
 public:
  std::string name() const override { return "kll.cross"; }
  std::string description() const override {
    return "estimation-mode images (n past k, several levels) written by one engine, read by every other: every "
           "query (inclusive and exclusive) and the re-written image against the writer's own";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke ? std::vector<int>{8, 200}
                                : scale == SuiteScale::kReduced ? std::vector<int>{8, 20, 200, 1000}
                                                                : std::vector<int>{8, 9, 20, 200, 201, 1000, 4096, 65535};
    const std::vector<int64_t> multiples = scale == SuiteScale::kSmoke ? std::vector<int64_t>{3, 50}
                                                                       : std::vector<int64_t>{1, 3, 10, 100};
    const std::vector<ItemOrder> orders =
        scale == SuiteScale::kSmoke ? std::vector<ItemOrder>{ItemOrder::kShuffled}
                                    : std::vector<ItemOrder>{ItemOrder::kAscending, ItemOrder::kShuffled};
    std::vector<Case> cases;
    for (const std::string& item : KllItemTypes())
      for (int k : ks)
        for (int64_t mult : multiples)
          for (ItemOrder order : orders) {
            const int64_t n = int64_t{k} * mult + 1;
            if (n > 2000000) continue;
            cases.push_back(MakeCase(item, k, n, order));
          }
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, int k, int64_t n, ItemOrder order) const {
    CaseBuilder b(absl::StrCat("kll/cross/item=", item, "/k=", k, "/n=", n, "/order=", ItemOrderName(order)), name(),
                  "kll");
    b.Step("create", "a", {{"k", k}, {"item", item}})
        .Update("a", KllItems(item, 0, n, order, 11), {{"seed", 4242}})
        .Step("serialize", "a", {{"form", "compact"}, {"as", "lang.a"}})
        .Step("deserialize", "own", {{"image", "lang.a.compact"}, {"item", item}})
        .Step("serialize", "own", {{"form", "compact"}, {"as", "lang.own"}})
        .Check("equal", {"lang.a.compact", "lang.own.compact"})
        .Cross({"lang.a.compact"});
    b.Step("deserialize", "r", {{"image", "lang.a.compact"}, {"item", item}})
        .Step("serialize", "r", {{"form", "compact"}});
    AddKllQuery(b, "r", "r", item, 0, n, false);
    return b.Build();
  }
};

}  // namespace

const Suite& KllCrossSuite() {
  static const KllCross* suite = new KllCross();
  return *suite;
}

}  // namespace dsconform
