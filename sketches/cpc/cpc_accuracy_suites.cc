// cpc.accuracy and cpc.accuracy_unions: many seeded trials whose estimates and
// bounds are judged against the exact distinct count (harness/truth/distinct/). Each
// trial is one case, the same case at every scale (a scale picks the
// configurations and how many trials), so `repro` finds any trial by its id.
//
// What the estimates are compared against: CPC states no relative standard
// error as a number; both libraries state it through the bounds at kappa 1..3
// (estimate / (1 +- kappa * c / sqrt(K)), c = 0.589 for HIP and 0.693 for ICON,
// tabulated per lgK up to 14). So the stated RSE of a trial is the half-width
// of its own 1-sd interval relative to the truth (kRseFromBounds), about c /
// sqrt(K).
//
// HIP and ICON: a sketch that was never merged answers with its HIP estimate,
// a union's result with ICON. cpc.accuracy asks for both of one stream: the
// sketch itself, and the result of a union given that sketch alone.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "harness/family/recipe_suite.h"
#include "harness/truth/distinct/distinct_count.h"
#include "harness/truth/distinct/distinct_entries.h"
#include "harness/truth/distinct/distinct_trials.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {
namespace {

// One sketch of K = 2^lg_k, queried at every point of the ladder up to max_n:
// through every flavor (sparse, hybrid, pinned, sliding from about 27K/8
// coupons) and deep into sliding.
struct SketchConfig {
  int lg_k;
  int64_t max_n;
  Trials trials;
};
constexpr SketchConfig kSketches[] = {
    {4, int64_t{1} << 13, {8, 32, 1000}},  {10, int64_t{1} << 15, {8, 32, 1000}},
    {6, int64_t{1} << 13, {0, 0, 1000}},   {8, int64_t{1} << 14, {0, 32, 1000}},
    {12, int64_t{1} << 17, {0, 32, 1000}}, {14, int64_t{1} << 19, {0, 8, 300}},
    {16, int64_t{1} << 20, {0, 4, 200}},   {21, int64_t{1} << 22, {0, 2, 16}},
};

class CpcAccuracy final : public RecipeSuite {
 public:
  std::string name() const override { return "cpc.accuracy"; }
  std::string description() const override {
    return "HIP (sketch) and ICON (union result) estimates and bounds against the exact count, over seeded trials "
           "per lgK and a ladder of true counts through every flavor";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    return TrialRecipes(kSketches, scale, [this](size_t config, int trial) { return MakeCase(config, trial); });
  }

 private:
  Case MakeCase(size_t config, int trial) const {
    const SketchConfig& c = kSketches[config];
    const std::string series = absl::StrCat("lgk=", c.lg_k);
    CaseBuilder b(absl::StrCat("cpc/accuracy/", series, "/trial=", trial), name(), "cpc");
    DistinctTruths truths(b);
    const uint64_t seed = TrialSeed(600 + config, trial);
    b.Step("create", "a", {{"lg_k", c.lg_k}});
    int64_t fed = 0;
    for (int64_t n : HalfOctaveLadder(c.max_n)) {
      GrowTo(b, "a", seed, &fed, n);
      // Fields are named after their slot ("a.n4.estimate", "r4.estimate"), so that an engine
      // that cannot make the slot (java-direct: CPC is heap only) reports them unsupported.
      const std::string hip = absl::StrCat("a.n", n);
      b.Step("query", "a", EstimateQueries(hip));
      truths.Add("a", hip, kRseFromBounds, absl::StrCat(series, "/hip"));
      const std::string u = absl::StrCat("u", n), r = absl::StrCat("r", n);
      b.Step("union", u, {{"lg_k", c.lg_k}});
      b.Step("merge", u, {{"from", "a"}, {"how", "copy"}});
      b.Step("result", r, {{"from", u}});
      b.Step("query", r, EstimateQueries(r));
      truths.Add(r, r, kRseFromBounds, absl::StrCat(series, "/icon"));
    }
    return b.Build();
  }
};

// Two sketches of mixed lgK and flavor merged into a fresh union at every point
// of the ladder (the result is ICON's, at the smallest lgK it met).
struct UnionMix {
  const char* series;
  int lg_a, lg_b, lg_union;
  int b_divisor;      // b holds n / b_divisor items (a sparse partner)
  bool b_overlaps_a;  // b restarts a's stream half way up the ladder, so they share items
  Trials trials;
};
constexpr UnionMix kMixes[] = {
    {"a11+b11/u11", 11, 11, 11, 1, false, {4, 16, 400}},
    {"a12+b10/u12", 12, 10, 12, 1, false, {4, 16, 400}},
    {"a10+b12/u12", 10, 12, 12, 1, false, {0, 16, 400}},
    {"a12+b12/u9", 12, 12, 9, 1, false, {0, 16, 400}},
    {"a12+b8_sparse/u12", 12, 8, 12, 64, false, {0, 16, 400}},
    {"a11+b11_overlap/u11", 11, 11, 11, 1, true, {0, 16, 400}},
};
constexpr int64_t kUnionMaxN = int64_t{1} << 16;

class CpcAccuracyUnions final : public RecipeSuite {
 public:
  std::string name() const override { return "cpc.accuracy_unions"; }
  std::string description() const override {
    return "union estimates and bounds against the exact count of the union, inputs of mixed lgK, flavor and "
           "overlap, over seeded trials and a ladder of true counts";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    return TrialRecipes(kMixes, scale, [this](size_t mix, int trial) { return MakeCase(mix, trial); });
  }

 private:
  Case MakeCase(size_t mix, int trial) const {
    const UnionMix& m = kMixes[mix];
    CaseBuilder b(absl::StrCat("cpc/accuracy_unions/", m.series, "/trial=", trial), name(), "cpc");
    DistinctTruths truths(b);
    const uint64_t seed_a = TrialSeed(700 + mix, trial);
    const uint64_t seed_b =
        m.b_overlaps_a ? SplitMix64SeedAfter(seed_a, kUnionMaxN / 2) : TrialSeed(800 + mix, trial);
    b.Step("create", "a", {{"lg_k", m.lg_a}});
    b.Step("create", "b", {{"lg_k", m.lg_b}});
    int64_t fed_a = 0, fed_b = 0;
    for (int64_t n : HalfOctaveLadder(kUnionMaxN)) {
      GrowTo(b, "a", seed_a, &fed_a, n);
      GrowTo(b, "b", seed_b, &fed_b, n / m.b_divisor);
      const std::string u = absl::StrCat("u", n), r = absl::StrCat("r", n);
      b.Step("union", u, {{"lg_k", m.lg_union}});
      b.Step("merge", u, {{"from", "a"}, {"how", "copy"}});
      b.Step("merge", u, {{"from", "b"}, {"how", "copy"}});
      b.Step("result", r, {{"from", u}});
      b.Step("query", r, EstimateQueries(r));  // fields "r<n>.*", named after the slot (see cpc.accuracy)
      truths.Add(r, r, kRseFromBounds, m.series);
    }
    return b.Build();
  }
};

}  // namespace

const Suite& CpcAccuracySuite() {
  static const CpcAccuracy* suite = new CpcAccuracy();
  return *suite;
}

const Suite& CpcAccuracyUnionsSuite() {
  static const CpcAccuracyUnions* suite = new CpcAccuracyUnions();
  return *suite;
}

}  // namespace dsconform
