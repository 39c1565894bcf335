// density.compaction: estimation mode. Each engine builds sketches past their
// first compactions with its random bits pinned where it can (so the images
// are its own: "lang." fields that two builds of one library must write
// alike; the Python binding draws its own bits and says so), one from a
// stream and one merged from three; then every engine reads each image,
// answers every query and the estimates, lists the retained points and
// writes it again: reader and writer must agree bit for bit, and the writer
// must get its own bytes back (A -> B -> A reproduces A). The reader then
// continues the sketch with pinned bits, an image of its own again.
#include <set>

#include "absl/strings/str_cat.h"
#include "sketches/density/density_suites.h"

namespace dsconform {
namespace {

class DensityCompaction final : public Suite {
 public:
  std::string name() const override { return "density.compaction"; }
  std::string description() const override {
    return "estimation-mode sketches (n from the first compaction to 100 k) of 1 to 3 dimensions, from a stream and "
           "merged, written with pinned random bits, read by every engine: every query and the estimates, the "
           "retained points, the image written again, and the image continued with pinned bits";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{2, 10}
                                : scale == SuiteScale::kReduced ? std::vector<int>{2, 3, 10, 64, 200}
                                                                : std::vector<int>{2, 3, 10, 64, 200, 1000};
    const std::vector<int> dims = scale == SuiteScale::kSmoke ? std::vector<int>{2} : std::vector<int>{1, 2, 3};
    const int64_t max_n = scale == SuiteScale::kSmoke ? 200 : scale == SuiteScale::kReduced ? 5000 : 40000;
    std::vector<Case> cases;
    for (int dim : dims)
      for (int k : ks) {
        std::set<int64_t> sizes = {int64_t{k} + 1, 2 * int64_t{k} + 1, 10 * int64_t{k}, 100 * int64_t{k}};
        for (int64_t n : sizes)
          if (n <= max_n) cases.push_back(MakeCase(dim, k, n));
      }
    return cases;
  }

 private:
  static constexpr int kListedK = 64;

  Case MakeCase(int dim, int k, int64_t n) const {
    CaseBuilder b(absl::StrCat("density/compaction/dim=", dim, "/k=", k, "/n=", n), name(), "density");
    const std::string scale = absl::StrCat(16.0 / static_cast<double>(n * dim));
    const DensityPoints all{dim, 0, n, 5, scale};
    const nlohmann::ordered_json pinned = {{"seed", DensitySeed(n, 1)}, {"seed_optional", true}};
    b.Step("create", "a", {{"k", k}, {"dim", dim}});
    AddDensityUpdate(b, "a", all, pinned);
    b.Step("serialize", "a", {{"form", "compact"}, {"as", "lang.a"}})
        .Step("deserialize", "own", {{"image", "lang.a.compact"}})
        .Step("serialize", "own", {{"form", "compact"}, {"as", "lang.own"}})
        .Check("equal", {"lang.a.compact", "lang.own.compact"});
    AddDensityQuery(b, "a", "lang.a", all, true);
    // The same coordinates cut into points in three sketches of a third each (each its own
    // shuffle), merged with pinned bits.
    const int64_t third = n / 3;
    std::vector<DensityPoints> parts = {{dim, 0, third, 6, scale},
                                        {dim, third * dim, third, 7, scale},
                                        {dim, 2 * third * dim, n - 2 * third, 8, scale}};
    for (int i = 0; i < 3; ++i) {
      const std::string s = absl::StrCat("p", i);
      b.Step("create", s, {{"k", k}, {"dim", dim}});
      AddDensityUpdate(b, s, parts[i], {{"seed", DensitySeed(n, 10 + i)}, {"seed_optional", true}});
    }
    b.Step("merge", "p0", {{"from", "p1"}, {"seed", DensitySeed(n, 20)}, {"seed_optional", true}})
        .Step("merge", "p0", {{"from", "p2"}, {"seed", DensitySeed(n, 21)}, {"seed_optional", true}})
        .Step("serialize", "p0", {{"form", "compact"}, {"as", "lang.m"}});
    AddDensityQuery(b, "p0", "lang.m", all, true);
    b.Cross({"lang.a.compact", "lang.m.compact"});
    for (const char* image : {"a", "m"}) {
      const std::string r = absl::StrCat("r", image), from = absl::StrCat("lang.", image, ".compact");
      b.Step("deserialize", r, {{"image", from}}).Step("serialize", r, {{"form", "compact"}});
      AddDensityQuery(b, r, r, all, true);
      if (k <= kListedK) b.Step("result", r, {{"as", r}});
    }
    // Read and continue with the reader's own pinned bits: as many points again.
    b.Step("deserialize", "cont", {{"image", "lang.a.compact"}});
    AddDensityUpdate(b, "cont", {dim, n * dim, n, 9, scale}, {{"seed", DensitySeed(n, 30)}, {"seed_optional", true}});
    b.Step("serialize", "cont", {{"form", "compact"}, {"as", "lang.cont"}});
    AddDensityQuery(b, "cont", "lang.cont", all, true);
    return b.Build();
  }
};

}  // namespace

const Suite& DensityCompactionSuite() {
  static const DensityCompaction* suite = new DensityCompaction();
  return *suite;
}

}  // namespace dsconform
