// theta.matrix: update sketches over lgK x resize factor x p x seed, at sizes
// around every resize and the first rebuild; the updatable image (Java), the
// ordered and unordered compact images, the compressed image, every query.
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/theta/theta_suites.h"

namespace dsconform {
namespace {

struct Config {
  int lg_k;
  int lg_rf;
  const char* p;
  int64_t seed;
};

class ThetaMatrix final : public Suite {
 public:
  std::string name() const override { return "theta.matrix"; }
  std::string description() const override {
    return "update sketches over lgK 5..21 x resize factor X1..X8 x p x seed, sizes around every resize and "
           "rebuild: updatable, compact (ordered, unordered) and compressed images, estimates, bounds, theta";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Config> configs;
    int64_t max_items = int64_t{1} << 24;
    std::vector<int> lg_ks;
    std::vector<int> lg_rfs = {0, 1, 2, 3};
    std::vector<const char*> ps = {"1.0", "0.5", "0.1"};
    switch (scale) {
      case SuiteScale::kSmoke:
        lg_ks = {5, 9, 12};
        lg_rfs = {0, 3};
        ps = {"1.0", "0.5"};
        max_items = int64_t{1} << 15;
        break;
      case SuiteScale::kReduced:
        for (int lg_k = 5; lg_k <= 14; ++lg_k) lg_ks.push_back(lg_k);
        max_items = int64_t{1} << 17;
        break;
      case SuiteScale::kFull:
        for (int lg_k = 5; lg_k <= 21; ++lg_k) lg_ks.push_back(lg_k);
        ps.push_back("0.999");
        break;
    }
    for (int lg_k : lg_ks)
      for (int lg_rf : lg_rfs)
        for (const char* p : ps) {
          configs.push_back({lg_k, lg_rf, p, kThetaDefaultSeed});
          // The custom seed changes every hash, so one resize factor is enough for it.
          if (lg_rf == 3) configs.push_back({lg_k, lg_rf, p, kThetaCustomSeed});
        }
    std::vector<Case> cases;
    for (const Config& c : configs)
      for (int64_t n : QuickSelectSizes(c.lg_k, c.lg_rf, max_items)) cases.push_back(MakeCase(c, n));
    return cases;
  }

 private:
  Case MakeCase(const Config& c, int64_t n) const {
    CaseBuilder b(absl::StrCat("theta/sketch/lgk=", c.lg_k, "/rf=X", 1 << c.lg_rf, "/p=", c.p, "/seed=", c.seed,
                               "/n=", n),
                  name(), "theta");
    nlohmann::ordered_json queries = ThetaSketchQueries();
    for (const auto& q : ThetaUpdateSketchQueries()) queries.push_back(q);
    b.Step("create", "a", {{"lg_k", c.lg_k}, {"rf", 1 << c.lg_rf}, {"p", c.p}, {"seed", c.seed}})
        .Update("a", Sequence(0, n))
        .Step("query", "a", {{"queries", queries}})
        .Step("serialize", "a", {{"form", "updatable"}})
        .Step("compact", "o", {{"from", "a"}, {"ordered", 1}})
        .Step("compact", "u", {{"from", "a"}, {"ordered", 0}})
        .Step("query", "o", {{"queries", ThetaSketchQueries()}})
        .Step("query", "u", {{"queries", ThetaSketchQueries()}})
        .Step("serialize", "o", {{"form", "compact"}})
        .Step("serialize", "o", {{"form", "compressed"}})
        .Step("serialize", "u", {{"form", "compact"}})
        .Step("serialize", "u", {{"form", "compressed"}});
    return b.Build();
  }
};

}  // namespace

const Suite& ThetaMatrixSuite() {
  static const ThetaMatrix* suite = new ThetaMatrix();
  return *suite;
}

}  // namespace dsconform
