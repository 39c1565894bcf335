// countmin.seeds: the hash functions come from the seed, and an image keeps
// only a 16-bit hash of it, so a reader must be given the writer's seed. Per
// counter type: the library's default seed (no seed given: datasketches-cpp and
// its Python binding take 9001, datasketches-java has no default) and explicit
// seeds (9001 itself, small, negative, the extremes): image, queries,
// estimates, the round trip with the seed, the image read by every engine, and
// last the image read without a seed (refused unless the seed is the default).
#include <limits>

#include "absl/strings/str_cat.h"
#include "sketches/countmin/countmin_suites.h"

namespace dsconform {
namespace {

class CountminSeeds final : public Suite {
 public:
  std::string name() const override { return "countmin.seeds"; }
  std::string description() const override {
    return "default and explicit seeds (9001, small, negative, extremes): image, queries, estimates, round trip, the "
           "image read by every engine with the seed and without one";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<std::optional<int64_t>> seeds = {std::nullopt, 9001, 42, -1};
    if (scale != SuiteScale::kSmoke) {
      for (int64_t s : {int64_t{0}, int64_t{1}, int64_t{9000}, int64_t{1} << 32, std::numeric_limits<int64_t>::max(),
                        std::numeric_limits<int64_t>::min()})
        seeds.push_back(s);
    }
    std::vector<Case> cases;
    for (const std::string& weight : CountminWeightTypes())
      for (const auto& seed : seeds) cases.push_back(MakeCase(weight, seed, 1000));
    return cases;
  }

 private:
  Case MakeCase(const std::string& weight, std::optional<int64_t> seed, int64_t n) const {
    CaseBuilder b(absl::StrCat("countmin/seeds/weight=", weight, "/seed=", seed ? absl::StrCat(*seed) : "default",
                               "/n=", n),
                  name(), "countmin");
    b.Step("create", "a", CountminCreate(3, 100, weight, seed));
    b.Update("a", Sequence(0, n));
    b.Step("serialize", "a", {{"form", "compact"}});
    AddCountminQuery(b, "a", "a", true);
    AddCountminEstimates(b, "a", "a", Sequence(0, kCountminMaxQueried));
    nlohmann::ordered_json read = {{"image", "a.compact"}};
    if (seed) read["seed"] = *seed;
    read["weight"] = weight;
    b.Step("deserialize", "rt", read).Step("serialize", "rt", {{"form", "compact"}}).Check("equal", {"a.compact", "rt.compact"});
    // Last: a reader that refuses the seed ends the stage.
    b.Step("deserialize", "d", {{"image", "a.compact"}, {"weight", weight}});
    AddCountminQuery(b, "d", "d", false);
    AddCountminEstimates(b, "d", "d", Sequence(0, kCountminMaxQueried));
    AddCountminCross(b, "a.compact", weight, seed, Sequence(0, kCountminMaxQueried), Sequence(500, 500));
    return b.Build();
  }
};

}  // namespace

const Suite& CountminSeedsSuite() {
  static const CountminSeeds* suite = new CountminSeeds();
  return *suite;
}

}  // namespace dsconform
