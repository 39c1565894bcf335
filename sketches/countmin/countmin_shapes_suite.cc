// countmin.shapes: Count-min is deterministic once its shape and seed are fixed
// (the hash functions come from the seed), so every image and answer must agree
// bit for bit. Per counter type: hash counts from 1 up to 255 (Java's byte
// stops at 127) and bucket counts from the smallest the libraries accept (3)
// to large, and the shapes both must refuse (fewer than 3 buckets, 2^30
// counters); sizes from empty to many items per bucket; the image, every
// query, the estimates of fed and never-fed items, the round trip, and the
// image read, answered, updated and written again by every engine.
#include "absl/strings/str_cat.h"
#include "sketches/countmin/countmin_suites.h"

namespace dsconform {
namespace {

struct Shape {
  int hashes;
  int64_t buckets;
};

constexpr int64_t kSeed = 9001;

class CountminShapes final : public Suite {
 public:
  std::string name() const override { return "countmin.shapes"; }
  std::string description() const override {
    return "long/double counters, 1 to 255 hashes, 1 to 2^20 buckets (and the shapes both must refuse), sizes from 0: "
           "image, every query, estimates, round trip, and the image read and updated by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Shape> shapes = {{1, 3}, {3, 10}, {5, 100}, {2, 1000}, {127, 3}, {128, 3}, {1, 2}, {2, 1 << 29}};
    std::vector<int64_t> sizes = {0, 1, 1000};
    if (scale != SuiteScale::kSmoke) {
      for (Shape s : {Shape{1, 1}, Shape{1, 4}, Shape{2, 27}, Shape{7, 272}, Shape{10, 2719}, Shape{255, 3},
                      Shape{20, 20}, Shape{3, 100000}, Shape{1, 1 << 20}})
        shapes.push_back(s);
      sizes = {0, 1, 2, 100, 10000, 100000};
    }
    if (scale == SuiteScale::kFull) {
      shapes.push_back({8, 1 << 17});
      shapes.push_back({64, 1 << 14});
      sizes.push_back(1000000);
    }
    std::vector<Case> cases;
    for (const std::string& weight : CountminWeightTypes())
      for (const Shape& s : shapes)
        for (int64_t n : sizes) {
          // A shape both refuse, and the largest ones, once each.
          const bool refused = s.buckets < 3 || s.hashes * s.buckets >= (int64_t{1} << 30);
          if ((refused || s.hashes * s.buckets > (int64_t{1} << 16)) && n != sizes.back()) continue;
          cases.push_back(MakeCase(weight, s, n));
        }
    return cases;
  }

 private:
  Case MakeCase(const std::string& weight, const Shape& s, int64_t n) const {
    CaseBuilder b(absl::StrCat("countmin/shapes/weight=", weight, "/hashes=", s.hashes, "/buckets=", s.buckets,
                               "/n=", n),
                  name(), "countmin");
    b.Step("create", "a", CountminCreate(s.hashes, s.buckets, weight, kSeed));
    // Every item once, then the first tenth again: counts 1 and 2.
    if (n > 0) b.Update("a", Sequence(0, n));
    if (n >= 10) b.Update("a", Sequence(0, n / 10));
    b.Step("serialize", "a", {{"form", "compact"}});
    AddCountminQuery(b, "a", "a", true);
    AddCountminEstimates(b, "a", "a", Sequence(0, kCountminMaxQueried));
    AddCountminEstimates(b, "a", "a_absent", Sequence(-kCountminMaxQueried, kCountminMaxQueried));
    b.Step("deserialize", "rt", {{"image", "a.compact"}, {"seed", kSeed}, {"weight", weight}})
        .Step("serialize", "rt", {{"form", "compact"}})
        .Check("equal", {"a.compact", "rt.compact"});
    AddCountminCross(b, "a.compact", weight, kSeed, Sequence(0, kCountminMaxQueried), Sequence(n / 2, 500));
    return b.Build();
  }
};

}  // namespace

const Suite& CountminShapesSuite() {
  static const CountminShapes* suite = new CountminShapes();
  return *suite;
}

}  // namespace dsconform
