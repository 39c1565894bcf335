// req.specials: float sketches fed the special doubles (-0.0, NaN, the
// infinities, subnormals, doubles beyond float range) and raw bit patterns,
// rounded to float: NaN is ignored, and the rest must be kept, ordered and
// written alike. Below 6k every library must write the same bytes; past it
// each writes its own (pinned) image, which every other reads and answers alike.
#include "absl/strings/str_cat.h"
#include "sketches/req/req_suites.h"

namespace dsconform {
namespace {

class ReqSpecials final : public Suite {
 public:
  std::string name() const override { return "req.specials"; }
  std::string description() const override {
    return "float sketches of special values (-0.0, NaN, infinities, subnormals) and raw bit patterns in both "
           "modes, exact and past 6k: images, every query at both criteria, and each image read by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Case> cases;
    const std::vector<int64_t> ns = scale == SuiteScale::kSmoke
                                        ? std::vector<int64_t>{1, 4, 12, 23, 300}
                                        : std::vector<int64_t>{1, 2, 4, 5, 8, 12, 20, 23, 24, 25, 300, 5000};
    for (bool hra : {true, false})
      for (int64_t n : ns) cases.push_back(MakeCase(4, hra, n));
    return cases;
  }

 private:
  Case MakeCase(int k, bool hra, int64_t n) const {
    ItemStream items;
    items.generator = ItemGenerator::kDoubles;
    items.seed = 77;
    items.count = n;
    CaseBuilder b(absl::StrCat("req/specials/mode=", ReqModeName(hra), "/k=", k, "/n=", n), name(), "req");
    // From the first compaction on, the image depends on the library's random bits.
    const std::string a = n >= ReqFirstCompaction(k) ? "lang.a" : "a";
    const nlohmann::ordered_json points = {"-1e30", "-1", "-0.0", "0", "1e-40", "1", "1e30"};
    const nlohmann::ordered_json queries = {"n", "num_retained", "is_empty", "min", "max", "quantiles",
                                            "quantiles_excl", "ranks", "ranks_excl", "pmf", "cdf_excl"};
    AddReqCreate(b, "a", k, hra);
    b.Update("a", items, {{"seed", 31}})
        .Step("serialize", "a", {{"form", "compact"}, {"as", a}})
        .Step("query", "a", {{"queries", queries}, {"as", a}, {"ranks", RankGrid()}, {"points", points}})
        .Cross({a + ".compact"});
    b.Step("deserialize", "r", {{"image", a + ".compact"}, {"item", "float"}})
        .Step("serialize", "r", {{"form", "compact"}})
        .Step("query", "r", {{"queries", queries}, {"ranks", RankGrid()}, {"points", points}});
    return b.Build();
  }
};

}  // namespace

const Suite& ReqSpecialsSuite() {
  static const ReqSpecials* suite = new ReqSpecials();
  return *suite;
}

}  // namespace dsconform
