// density.accuracy: how far are a density sketch's estimates from the kernel
// density itself? Each case is one configuration: T sketches of the same
// points, each with its own pinned bits (an engine that cannot pin them,
// python@, draws its own), each answering the estimates at the query points;
// the check density_kde (density_checks.h) recomputes the points from the
// case's parameters, the exact density (1/n) sum exp(-|x_i - q|^2) at each
// query point, and holds every estimate to the error bound, whatever the bits.
#include "absl/strings/str_cat.h"
#include "sketches/density/density_checks.h"
#include "sketches/density/density_suites.h"

namespace dsconform {
namespace {

class DensityAccuracy final : public Suite {
 public:
  std::string name() const override { return "density.accuracy"; }
  std::string description() const override {
    return "estimates of T sketches with their own random bits at the query points against the exact Gaussian "
           "kernel density of the known points: every error within sqrt(dim) log2(n/k + 2) / (2k)";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const int trials = scale == SuiteScale::kSmoke ? 4 : scale == SuiteScale::kReduced ? 20 : 50;
    std::vector<DensityKdeConfig> configs = {{8, 1, 300, 3, "0.01"}};
    if (scale != SuiteScale::kSmoke)
      configs.insert(configs.end(), {{16, 2, 2000, 4, "0.004"}, {32, 1, 4000, 5, "0.002"},
                                     {64, 3, 3000, 6, "0.004"}, {2, 1, 500, 7, "0.02"}});
    if (scale == SuiteScale::kFull)
      configs.insert(configs.end(), {{100, 2, 20000, 8, "0.0005"}, {200, 1, 20000, 9, "0.0005"}});
    std::vector<Case> cases;
    for (const DensityKdeConfig& c : configs) cases.push_back(MakeCase(c, trials));
    return cases;
  }

 private:
  Case MakeCase(const DensityKdeConfig& c, int trials) const {
    CaseBuilder b(absl::StrCat("density/accuracy/dim=", c.dim, "/k=", c.k, "/n=", c.n, "/trials=", trials), name(),
                  "density");
    const DensityPoints p = DensityKdePoints(c);
    std::vector<std::string> fields;
    const size_t queries = DensityQueryPoints(p).size() / static_cast<size_t>(c.dim);
    for (int t = 0; t < trials; ++t) {
      const std::string s = absl::StrCat("t", t), as = absl::StrCat("lang.t", t);
      b.Step("create", s, {{"k", c.k}, {"dim", c.dim}});
      AddDensityUpdate(b, s, p, {{"seed", DensitySeed(static_cast<uint64_t>(t), 40)}, {"seed_optional", true}});
      b.Step("query", s, {{"queries", {"estimates"}}, {"as", as}, {"points", DensityQueryPoints(p)}});
      for (size_t i = 0; i < queries; ++i) fields.push_back(absl::StrCat(as, ".estimates[", i, "]"));
    }
    b.Check(DensityKdeCheckName(c), fields);
    return b.Build();
  }
};

}  // namespace

const Suite& DensityAccuracySuite() {
  static const DensityAccuracy* suite = new DensityAccuracy();
  return *suite;
}

}  // namespace dsconform
