// theta.seed: sketches built with a custom seed. Images read by every engine
// with the right seed work; read with the default seed they must be refused
// (the seed-hash check) by both libraries, and so must set operations that mix
// seeds. One probe per case, since a refusal ends its stage.
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/theta/theta_suites.h"

namespace dsconform {
namespace {

struct Probe {
  const char* name;
  const char* image;  // empty: a set operation in the first stage
  const char* mode;
};
constexpr Probe kProbes[] = {
    {"heapify_compact", "o.compact", "heapify"},      {"wrap_compact", "o.compact", "wrap"},
    {"heapify_compressed", "o.compressed", "heapify"}, {"wrap_compressed", "o.compressed", "wrap"},
    {"heapify_updatable", "a.updatable", "heapify"},   {"union", "", ""},
    {"intersection", "", ""},                          {"a_not_b", "", ""},
    {"jaccard", "", ""},
};

class ThetaSeed final : public Suite {
 public:
  std::string name() const override { return "theta.seed"; }
  std::string description() const override {
    return "custom-seed sketches: images read with the right seed and refused with the default one (seed hash), "
           "set operations mixing seeds refused, by every engine on every engine's images";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int64_t> sizes = scale == SuiteScale::kSmoke ? std::vector<int64_t>{0, 1, 1000}
                                                                   : std::vector<int64_t>{0, 1, 2, 100, 1000, 100000};
    std::vector<Case> cases;
    for (int64_t n : sizes)
      for (const Probe& p : kProbes)
        for (bool right_seed : {true, false}) cases.push_back(MakeCase(p, n, right_seed));
    return cases;
  }

 private:
  Case MakeCase(const Probe& probe, int64_t n, bool right_seed) const {
    const int64_t reader_seed = right_seed ? kThetaCustomSeed : kThetaDefaultSeed;
    CaseBuilder b(absl::StrCat("theta/seed/", probe.name, "/n=", n, "/reader_seed=", reader_seed), name(), "theta");
    b.Step("create", "a", {{"lg_k", 10}, {"seed", kThetaCustomSeed}})
        .Update("a", Sequence(0, n))
        .Step("compact", "o", {{"from", "a"}, {"ordered", 1}})
        .Step("serialize", "o", {{"form", "compact"}})
        .Step("serialize", "o", {{"form", "compressed"}})
        .Step("serialize", "a", {{"form", "updatable"}});
    const std::string op = probe.name;
    if (probe.image[0] != '\0') {
      b.Cross({"o.compact", "o.compressed", "a.updatable"})
          .Step("deserialize", "r", {{"image", probe.image}, {"mode", probe.mode}, {"seed", reader_seed}})
          .Step("query", "r", {{"queries", ThetaSketchQueries()}})
          .Step("serialize", "r", {{"form", "compact"}});
      return b.Build();
    }
    // Set operations with the reader's seed on the custom-seed sketch.
    b.Step("create", "other", {{"lg_k", 10}, {"seed", reader_seed}}).Update("other", Sequence(n / 2, n));
    if (op == "union") {
      b.Step("union", "s", {{"lg_k", 10}, {"seed", reader_seed}})
          .Step("merge", "s", {{"from", "other"}})
          .Step("merge", "s", {{"from", "o"}})
          .Step("result", "r", {{"from", "s"}, {"ordered", 1}});
    } else if (op == "intersection") {
      b.Step("intersection", "s", {{"seed", reader_seed}})
          .Step("merge", "s", {{"from", "other"}})
          .Step("merge", "s", {{"from", "o"}})
          .Step("result", "r", {{"from", "s"}, {"ordered", 1}});
    } else if (op == "a_not_b") {
      b.Step("a_not_b", "r", {{"a", "other"}, {"b", "o"}, {"ordered", 1}, {"seed", reader_seed}});
    } else {
      b.Step("jaccard", "other", {{"with", "o"}, {"seed", reader_seed}, {"as", "jac"}});
      return b.Build();
    }
    b.Step("query", "r", {{"queries", ThetaSketchQueries()}}).Step("serialize", "r", {{"form", "compact"}});
    return b.Build();
  }
};

}  // namespace

const Suite& ThetaSeedSuite() {
  static const ThetaSeed* suite = new ThetaSeed();
  return *suite;
}

}  // namespace dsconform
