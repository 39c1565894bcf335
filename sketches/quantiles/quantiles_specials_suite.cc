// quantiles.specials: double sketches fed the special doubles (-0.0, NaN,
// the infinities, subnormals) and raw bit patterns: NaN is ignored, and the
// rest must be kept, ordered and written alike. Below 2k every library must
// write the same bytes; past it each writes its own (pinned) image, which
// every other reads and answers alike.
#include "absl/strings/str_cat.h"
#include "sketches/quantiles/quantiles_suites.h"

namespace dsconform {
namespace {

class QuantilesSpecials final : public Suite {
 public:
  std::string name() const override { return "quantiles.specials"; }
  std::string description() const override {
    return "double sketches of special doubles (-0.0, NaN, infinities, subnormals) and raw bit patterns, exact "
           "and past 2k: images, every query at both criteria, and each image read by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Case> cases;
    const std::vector<int64_t> ns = scale == SuiteScale::kSmoke ? std::vector<int64_t>{1, 12, 31, 300}
                                                                : std::vector<int64_t>{1, 2, 4, 8, 12, 20, 31, 32, 33, 300, 5000};
    for (int64_t n : ns) cases.push_back(MakeCase(16, n));
    return cases;
  }

 private:
  Case MakeCase(int k, int64_t n) const {
    ItemStream items;
    items.generator = ItemGenerator::kDoubles;
    items.seed = 77;
    items.count = n;
    CaseBuilder b(absl::StrCat("quantiles/specials/item=double/k=", k, "/n=", n), name(), "quantiles");
    // Past 2k the image depends on the library's random bits.
    const std::string a = n >= 2 * k ? "lang.a" : "a";
    const nlohmann::ordered_json points = {"-1e308", "-1", "-0.0", "0", "1e-320", "1", "1e308"};
    const nlohmann::ordered_json queries = {"n", "num_retained", "is_empty", "min", "max", "quantiles",
                                            "quantiles_excl", "ranks", "ranks_excl", "pmf", "cdf_excl"};
    b.Step("create", "a", {{"k", k}, {"item", "double"}})
        .Update("a", items, {{"seed", 31}})
        .Step("serialize", "a", {{"form", "compact"}, {"as", a}})
        .Step("query", "a", {{"queries", queries}, {"as", a}, {"ranks", RankGrid()}, {"points", points}})
        .Cross({a + ".compact"});
    b.Step("deserialize", "r", {{"image", a + ".compact"}, {"item", "double"}})
        .Step("serialize", "r", {{"form", "compact"}})
        .Step("query", "r", {{"queries", queries}, {"ranks", RankGrid()}, {"points", points}});
    return b.Build();
  }
};

}  // namespace

const Suite& QuantilesSpecialsSuite() {
  static const QuantilesSpecials* suite = new QuantilesSpecials();
  return *suite;
}

}  // namespace dsconform
