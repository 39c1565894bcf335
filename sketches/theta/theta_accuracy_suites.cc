// theta.accuracy and theta.accuracy_setops: many seeded trials whose estimates
// and bounds are judged against the exact distinct count (harness/truth/distinct/).
// Each trial is one case, the same case at every scale (a scale picks the
// configurations and how many trials), so `repro` finds any trial by its id.
//
// What the estimates are compared against: Theta states no relative standard
// error as a number (it has no getRelErr); it states its error through its
// bounds, which both libraries compute from the retained count and theta (a
// binomial interval). So the stated RSE of a trial is the half-width of its
// own 1-sd interval relative to the truth (kRseFromBounds): that is what a
// user relying on get_lower_bound(1) / get_upper_bound(1) is promised, for
// every p, mode and set operation. The nominal 1/sqrt(k) of the QuickSelect
// sketch is a statement about k alone; docs/findings-accuracy.md compares the
// study's RMS with it.
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "harness/family/recipe_suite.h"
#include "harness/truth/distinct/distinct_count.h"
#include "harness/truth/distinct/distinct_entries.h"
#include "harness/truth/distinct/distinct_trials.h"
#include "sketches/theta/theta_suites.h"

namespace dsconform {
namespace {

// One update sketch: nominal entries 2^lg_k, sampling probability p (decimal
// text, as the case format has it), queried at every point of the ladder up to
// max_n, which reaches well into estimation mode (where lg_k allows).
struct SketchConfig {
  int lg_k;
  const char* p;
  int64_t max_n;
  Trials trials;
};
constexpr SketchConfig kSketches[] = {
    {5, "1.0", int64_t{1} << 13, {8, 32, 1000}},
    {9, "1.0", int64_t{1} << 14, {8, 32, 1000}},
    {9, "0.5", int64_t{1} << 14, {8, 32, 1000}},
    {6, "1.0", int64_t{1} << 13, {0, 0, 1000}},
    {8, "1.0", int64_t{1} << 14, {0, 0, 1000}},
    {10, "1.0", int64_t{1} << 15, {0, 0, 1000}},
    {12, "1.0", int64_t{1} << 17, {0, 32, 1000}},
    {12, "0.1", int64_t{1} << 17, {0, 16, 1000}},
    {14, "1.0", int64_t{1} << 19, {0, 0, 300}},
    {16, "1.0", int64_t{1} << 20, {0, 4, 200}},
    {21, "1.0", int64_t{1} << 22, {0, 2, 32}},  // the largest lgK: exact mode up to 2^21, then 2 K
};

std::string SketchSeries(int lg_k, const std::string& p) { return absl::StrCat("lgk=", lg_k, "/p=", p); }

class ThetaAccuracy final : public RecipeSuite {
 public:
  std::string name() const override { return "theta.accuracy"; }
  std::string description() const override {
    return "update-sketch estimates and bounds against the exact count, over seeded trials per lgK and p and a "
           "ladder of true counts from exact mode into estimation mode";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    return TrialRecipes(kSketches, scale, [this](size_t config, int trial) { return MakeCase(config, trial); });
  }

 private:
  Case MakeCase(size_t config, int trial) const {
    const SketchConfig& c = kSketches[config];
    const std::string series = SketchSeries(c.lg_k, c.p);
    CaseBuilder b(absl::StrCat("theta/accuracy/", series, "/trial=", trial), name(), "theta");
    DistinctTruths truths(b);
    const uint64_t seed = TrialSeed(300 + config, trial);
    b.Step("create", "a", {{"lg_k", c.lg_k}, {"p", c.p}});
    int64_t fed = 0;
    for (int64_t n : HalfOctaveLadder(c.max_n)) {
      GrowTo(b, "a", seed, &fed, n);
      const std::string as = absl::StrCat("n", n);
      b.Step("query", "a", EstimateQueries(as));
      truths.Add("a", as, kRseFromBounds, series);
    }
    return b.Build();
  }
};

// Two update sketches a and b that share a third of their union: a holds n
// items of stream S; b holds n/b_divisor/2 of those (S from its start) and as
// many of a stream T of its own. So |a and b| = n/b_divisor/2, |a not b| = n
// less that, and both grow with n. At each point of the ladder the three set
// operations run afresh: a union (lgK lg_union) of a and b, an intersection
// of a and b, and a not b.
struct SetOpsMix {
  const char* series;
  int lg_a;
  const char* p_a;
  int lg_b;
  const char* p_b;
  int lg_union;
  int b_divisor;  // > 1: b stays small (in exact mode longer) and the intersection is a sliver of a
  Trials trials;
};
constexpr SetOpsMix kMixes[] = {
    {"a12+b12/u12", 12, "1.0", 12, "1.0", 12, 1, {4, 16, 400}},
    {"a12+b9/u11", 12, "1.0", 9, "1.0", 11, 1, {0, 16, 400}},
    {"a9+b12p0.5/u12", 9, "1.0", 12, "0.5", 12, 1, {4, 16, 400}},
    {"a10+b10_sliver/u12", 10, "1.0", 10, "1.0", 12, 32, {0, 16, 400}},
    {"a11p0.5+b13/u10", 11, "0.5", 13, "1.0", 10, 4, {0, 16, 400}},
};
constexpr int64_t kSetOpsMaxN = int64_t{1} << 17;

class ThetaAccuracySetOps final : public RecipeSuite {
 public:
  std::string name() const override { return "theta.accuracy_setops"; }
  std::string description() const override {
    return "union, intersection and a-not-b estimates and bounds against their exact counts, inputs of mixed "
           "lgK, p and mode, over seeded trials and a ladder of true counts";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    return TrialRecipes(kMixes, scale, [this](size_t mix, int trial) { return MakeCase(mix, trial); });
  }

 private:
  Case MakeCase(size_t mix, int trial) const {
    const SetOpsMix& m = kMixes[mix];
    CaseBuilder b(absl::StrCat("theta/accuracy_setops/", m.series, "/trial=", trial), name(), "theta");
    DistinctTruths truths(b);
    const uint64_t seed_s = TrialSeed(400 + mix, trial), seed_t = TrialSeed(500 + mix, trial);
    b.Step("create", "a", {{"lg_k", m.lg_a}, {"p", m.p_a}});
    b.Step("create", "b", {{"lg_k", m.lg_b}, {"p", m.p_b}});
    int64_t fed_a = 0, fed_b_s = 0, fed_b_t = 0;
    for (int64_t n : HalfOctaveLadder(kSetOpsMaxN)) {
      GrowTo(b, "a", seed_s, &fed_a, n);
      GrowTo(b, "b", seed_s, &fed_b_s, n / m.b_divisor / 2);
      GrowTo(b, "b", seed_t, &fed_b_t, n / m.b_divisor / 2);
      const std::string u = absl::StrCat("u", n), ru = absl::StrCat("ru", n);
      b.Step("union", u, {{"lg_k", m.lg_union}});
      b.Step("merge", u, {{"from", "a"}}).Step("merge", u, {{"from", "b"}});
      b.Step("result", ru, {{"from", u}, {"ordered", 1}});
      const std::string i = absl::StrCat("i", n), ri = absl::StrCat("ri", n);
      b.Step("intersection", i);
      b.Step("merge", i, {{"from", "a"}}).Step("merge", i, {{"from", "b"}});
      b.Step("result", ri, {{"from", i}, {"ordered", 1}});
      // a not b of the ordered compact forms: unless both are ordered, datasketches-cpp
      // 5.2.0 hashes b into a table that rehashes itself on every insert past half full
      // (seconds per call at lgK 12; docs/findings-accuracy.md), which would make the full
      // study hours long.
      const std::string ca = absl::StrCat("ca", n), cb = absl::StrCat("cb", n), d = absl::StrCat("d", n);
      b.Step("compact", ca, {{"from", "a"}, {"ordered", 1}});
      b.Step("compact", cb, {{"from", "b"}, {"ordered", 1}});
      b.Step("a_not_b", d, {{"a", ca}, {"b", cb}, {"ordered", 1}});
      for (const auto& [slot, op] : {std::pair{ru, "union"}, {ri, "intersection"}, {d, "a_not_b"}}) {
        const std::string as = absl::StrCat(op, ".n", n);
        b.Step("query", slot, EstimateQueries(as));
        truths.Add(slot, as, kRseFromBounds, absl::StrCat(m.series, "/", op));
      }
    }
    return b.Build();
  }
};

}  // namespace

const Suite& ThetaAccuracySuite() {
  static const ThetaAccuracy* suite = new ThetaAccuracy();
  return *suite;
}

const Suite& ThetaAccuracySetOpsSuite() {
  static const ThetaAccuracySetOps* suite = new ThetaAccuracySetOps();
  return *suite;
}

}  // namespace dsconform
