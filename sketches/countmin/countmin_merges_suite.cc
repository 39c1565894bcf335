// countmin.merges: three sketches of one shape and seed (one of them possibly
// empty) merged into a fourth in each of the 6 orders, in one case: every
// order's image (which must be the same), every query, the estimates, and the
// result read by every engine. Then the merges both libraries must refuse: a
// sketch of another seed, hash count or bucket count, and a sketch with itself.
#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "sketches/countmin/countmin_suites.h"

namespace dsconform {
namespace {

constexpr int64_t kSeed = 9001;

struct Sizes {
  const char* name;
  std::array<int64_t, 3> n;
};

class CountminMerges final : public Suite {
 public:
  std::string name() const override { return "countmin.merges"; }
  std::string description() const override {
    return "three sketches merged in every order (one image expected), and merges both must refuse (other seed, "
           "hash count, bucket count, itself)";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Sizes> sizes = {{"overlapping", {1000, 3000, 500}}, {"one_empty", {0, 3000, 500}}};
    std::vector<std::pair<int, int64_t>> shapes = {{3, 100}};
    if (scale != SuiteScale::kSmoke) {
      sizes.push_back({"all_empty", {0, 0, 0}});
      sizes.push_back({"large", {100000, 50000, 200000}});
      shapes.push_back({5, 2719});
      shapes.push_back({1, 3});
    }
    std::vector<Case> cases;
    for (const std::string& weight : CountminWeightTypes()) {
      for (const auto& [hashes, buckets] : shapes)
        for (const Sizes& s : sizes) cases.push_back(OrdersCase(weight, hashes, buckets, s));
      for (const char* other : {"seed", "hashes", "buckets", "itself"}) cases.push_back(RefusedCase(weight, other));
    }
    return cases;
  }

 private:
  Case OrdersCase(const std::string& weight, int hashes, int64_t buckets, const Sizes& s) const {
    const char* names[] = {"x", "y", "z"};
    CaseBuilder b(absl::StrCat("countmin/merges/weight=", weight, "/hashes=", hashes, "/buckets=", buckets,
                               "/sizes=", s.name),
                  name(), "countmin");
    // Overlapping ranges, so merged counters add up over the same items.
    int64_t start = 0;
    for (int i = 0; i < 3; ++i) {
      b.Step("create", names[i], CountminCreate(hashes, buckets, weight, kSeed));
      if (s.n[i] > 0) b.Update(names[i], Sequence(start, s.n[i]), {{"weight", i + 1}});
      start += s.n[i] / 2;
    }
    std::vector<std::string> images;
    std::array<int, 3> order = {0, 1, 2};
    do {
      const std::string m = absl::StrCat("m_", names[order[0]], names[order[1]], names[order[2]]);
      b.Step("create", m, CountminCreate(hashes, buckets, weight, kSeed));
      for (int i : order) b.Step("merge", m, {{"from", names[i]}});
      b.Step("serialize", m, {{"form", "compact"}});
      images.push_back(m + ".compact");
    } while (std::next_permutation(order.begin(), order.end()));
    b.Check("equal", images);
    AddCountminQuery(b, "m_xyz", "m_xyz", true);
    AddCountminEstimates(b, "m_xyz", "m_xyz", Sequence(0, kCountminMaxQueried));
    AddCountminCross(b, "m_xyz.compact", weight, kSeed, Sequence(0, kCountminMaxQueried), Sequence(0, 100));
    return b.Build();
  }

  Case RefusedCase(const std::string& weight, const std::string& other) const {
    CaseBuilder b(absl::StrCat("countmin/merges/weight=", weight, "/refused=", other), name(), "countmin");
    b.Step("create", "a", CountminCreate(3, 100, weight, kSeed));
    b.Update("a", Sequence(0, 100));
    if (other != "itself") {
      b.Step("create", "o",
             CountminCreate(other == "hashes" ? 4 : 3, other == "buckets" ? 101 : 100, weight,
                            other == "seed" ? 42 : kSeed));
      b.Update("o", Sequence(50, 100));
      b.Step("serialize", "o", {{"form", "compact"}});
    }
    b.Step("serialize", "a", {{"form", "compact"}});
    // The refused merge ends the stage: what the sketch was before it is observed above.
    b.Step("merge", "a", {{"from", other == "itself" ? "a" : "o"}});
    b.Step("serialize", "a", {{"form", "compact"}, {"as", "after"}});
    return b.Build();
  }
};

}  // namespace

const Suite& CountminMergesSuite() {
  static const CountminMerges* suite = new CountminMerges();
  return *suite;
}

}  // namespace dsconform
