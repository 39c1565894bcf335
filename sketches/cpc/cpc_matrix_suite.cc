// cpc.matrix: every lgK x seed x sizes around each flavor transition: the
// sketch's image, HIP estimate and bounds, and the ICON estimate and bounds of
// a union holding only that sketch.
#include <optional>

#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {
namespace {

class CpcMatrix final : public Suite {
 public:
  std::string name() const override { return "cpc.matrix"; }
  std::string description() const override {
    return "lgK 4..21 (and 24, 26) x default and custom seed x sizes at every EMPTY/SPARSE/HYBRID/PINNED/SLIDING "
           "transition and deep into SLIDING: image, HIP estimate and bounds at 1..3 standard deviations, and the "
           "ICON estimate and bounds of a one-sketch union";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<int> lg_ks;
    int64_t max_items = int64_t{1} << 24;
    switch (scale) {
      case SuiteScale::kSmoke:
        lg_ks = {4, 8, 11};
        max_items = int64_t{1} << 14;
        break;
      case SuiteScale::kReduced:
        for (int lg_k = 4; lg_k <= 16; ++lg_k) lg_ks.push_back(lg_k);
        max_items = int64_t{1} << 20;
        break;
      case SuiteScale::kFull:
        for (int lg_k = 4; lg_k <= 21; ++lg_k) lg_ks.push_back(lg_k);
        lg_ks.push_back(24);
        lg_ks.push_back(26);
        break;
    }
    std::vector<Case> cases;
    for (int lg_k : lg_ks) {
      for (std::optional<int64_t> seed : {std::optional<int64_t>(), std::optional<int64_t>(kCpcCustomSeed)}) {
        for (int64_t n : CpcMatrixSizes(lg_k, max_items)) cases.push_back(MakeCase(lg_k, seed, n));
      }
    }
    return cases;
  }

 private:
  Case MakeCase(int lg_k, std::optional<int64_t> seed, int64_t n) const {
    const std::string seed_name = seed ? absl::StrCat(*seed) : "default";
    return CaseBuilder(absl::StrCat("cpc/sketch/lgk=", lg_k, "/seed=", seed_name, "/n=", n), name(), "cpc")
        .Step("create", "a", WithSeed({{"lg_k", lg_k}}, seed))
        .Update("a", Sequence(0, n))
        .Step("serialize", "a", {{"form", "compact"}})
        .Step("query", "a", {{"queries", CpcSketchQueries()}})
        // A union's result is a merged sketch: its estimate and bounds are ICON's.
        .Step("union", "u", WithSeed({{"lg_k", lg_k}}, seed))
        .Step("merge", "u", {{"from", "a"}, {"how", "copy"}})
        .Step("result", "icon", {{"from", "u"}})
        .Step("serialize", "icon", {{"form", "compact"}})
        .Step("query", "icon", {{"queries", CpcSketchQueries()}})
        .Check("cpc_image_consistent", {"a.compact", "icon.compact"})
        .Build();
  }
};

}  // namespace

const Suite& CpcMatrixSuite() {
  static const CpcMatrix* suite = new CpcMatrix();
  return *suite;
}

}  // namespace dsconform
