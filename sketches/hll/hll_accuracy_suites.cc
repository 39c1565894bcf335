// hll.accuracy and hll.accuracy_unions: many seeded trials whose estimates are
// judged against the exact distinct count (harness/truth/distinct/). Each trial is
// one case, so trials shard over workers and machines like any other cases.
#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "harness/case/splitmix64.h"
#include "harness/family/recipe_suite.h"
#include "harness/truth/distinct/distinct_count.h"
#include "harness/truth/distinct/distinct_trials.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {
namespace {

// How many trials per configuration, and how far the ladder of true counts
// climbs: seconds in the default test run, a real study under `full`.
struct StudySize {
  int trials;
  int64_t max_n;
};
StudySize SizeFor(SuiteScale scale, bool unions) {
  switch (scale) {
    case SuiteScale::kSmoke: return {unions ? 4 : 8, int64_t{1} << 13};
    case SuiteScale::kReduced: return {unions ? 16 : 32, int64_t{1} << 16};
    case SuiteScale::kFull: return {unions ? 400 : 1000, int64_t{1} << 18};
  }
  return {1, 1};
}

// The library's stated relative standard error: the 1-sd lower-bound relative
// error of getRelErr / get_rel_err, which each engine reports itself.
void StatedRse(CaseBuilder& b, int lg_k, bool unioned, const std::string& as) {
  b.Step("rel_err", "", {{"lg_k", lg_k}, {"upper", 0}, {"unioned", unioned ? 1 : 0}, {"sd", 1}, {"as", as}});
}

class HllAccuracy final : public RecipeSuite {
 public:
  std::string name() const override { return "hll.accuracy"; }
  std::string description() const override {
    return "estimates and bounds of single sketches against the exact count, over seeded trials per lgK and a "
           "ladder of true counts";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    const StudySize size = SizeFor(scale, false);
    std::vector<int> lg_ks = {8, 12};
    if (scale == SuiteScale::kReduced) lg_ks = {4, 8, 12, 14};
    if (scale == SuiteScale::kFull) lg_ks = {4, 6, 8, 10, 12, 14, 16};
    std::vector<CaseRecipe> recipes;
    for (int lg_k : lg_ks)
      for (int trial = 0; trial < size.trials; ++trial) recipes.push_back([=] { return MakeCase(lg_k, trial, size); });
    return recipes;
  }

 private:
  Case MakeCase(int lg_k, int trial, const StudySize& size) const {
    const std::string series = absl::StrCat("lgk=", lg_k);
    CaseBuilder b(absl::StrCat("hll/accuracy/", series, "/trial=", trial), name(), "hll");
    DistinctTruths truths(b);
    const uint64_t seed = TrialSeed(lg_k, trial);
    StatedRse(b, lg_k, false, "rse");
    b.Step("create", "a", {{"lg_k", lg_k}, {"type", kHllTypes[trial % 3]}});
    int64_t fed = 0;
    for (int64_t n : HalfOctaveLadder(size.max_n)) {
      GrowTo(b, "a", seed, &fed, n);
      const std::string as = absl::StrCat("n", n);
      b.Step("query", "a", EstimateQueries(as));
      truths.Add("a", as, "rse", series);
    }
    return b.Build();
  }
};

// Two sketches (mixed lgK, type and mode) merged into a fresh union at every
// point of the ladder; where bugs that lose data in unions have lived.
struct UnionMix {
  const char* series;
  int lg_a, lg_b, lg_max_k;
  int b_divisor;       // b holds n / b_divisor items (a sparse partner stays in LIST/SET mode longer)
  bool b_overlaps_a;   // b restarts a's stream half way, so they share items
};
constexpr UnionMix kMixes[] = {
    {"a12+b12/u12", 12, 12, 12, 1, false},
    {"a12+b10/u12", 12, 10, 12, 1, false},
    {"a10+b12/u14", 10, 12, 14, 1, false},
    {"a12+b8_sparse/u12", 12, 8, 12, 64, false},
    {"a11+b11_overlap/u11", 11, 11, 11, 1, true},
    {"a6+b12/u12", 6, 12, 12, 1, false},
};

// The lgK of a union's result: its lg_max_k, lowered to that of every input
// already in HLL mode (LIST and SET inputs are replayed as coupons).
int ResultLgK(const UnionMix& m, int64_t n_a, int64_t n_b) {
  auto in_hll_mode = [](int lg_k, int64_t n) {
    const HllTransitions t = HllTransitionsFor(lg_k);
    return n > (t.last_set > 0 ? t.last_set : t.last_list);
  };
  int lg = m.lg_max_k;
  if (in_hll_mode(m.lg_a, n_a)) lg = std::min(lg, m.lg_a);
  if (in_hll_mode(m.lg_b, n_b)) lg = std::min(lg, m.lg_b);
  return lg;
}

class HllAccuracyUnions final : public RecipeSuite {
 public:
  std::string name() const override { return "hll.accuracy_unions"; }
  std::string description() const override {
    return "union estimates and bounds against the exact count of the union, inputs of mixed lgK, type, mode "
           "and overlap, over seeded trials and a ladder of true counts";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    const StudySize size = SizeFor(scale, true);
    std::vector<CaseRecipe> recipes;
    for (size_t mix = 0; mix < std::size(kMixes); ++mix) {
      if (scale == SuiteScale::kSmoke && mix % 2 == 1) continue;
      for (int trial = 0; trial < size.trials; ++trial) recipes.push_back([=] { return MakeCase(mix, trial, size); });
    }
    return recipes;
  }

 private:
  Case MakeCase(size_t mix, int trial, const StudySize& size) const {
    const UnionMix& m = kMixes[mix];
    CaseBuilder b(absl::StrCat("hll/accuracy_unions/", m.series, "/trial=", trial), name(), "hll");
    DistinctTruths truths(b);
    const uint64_t seed_a = TrialSeed(100 + mix, trial);
    // An overlapping b is a's stream from its middle; otherwise a stream of its own.
    const uint64_t seed_b = m.b_overlaps_a ? SplitMix64SeedAfter(seed_a, size.max_n / 2) : TrialSeed(200 + mix, trial);
    b.Step("create", "a", {{"lg_k", m.lg_a}, {"type", kHllTypes[trial % 3]}});
    b.Step("create", "b", {{"lg_k", m.lg_b}, {"type", kHllTypes[(trial + 1) % 3]}});
    int64_t fed_a = 0, fed_b = 0;
    std::set<int> stated;
    for (int64_t n : HalfOctaveLadder(size.max_n)) {
      GrowTo(b, "a", seed_a, &fed_a, n);
      GrowTo(b, "b", seed_b, &fed_b, n / m.b_divisor);
      const int lg = ResultLgK(m, fed_a, fed_b);
      const std::string rse = absl::StrCat("rse.lgk", lg);
      if (stated.insert(lg).second) StatedRse(b, lg, true, rse);
      const std::string u = absl::StrCat("u", n);
      b.Step("union", u, {{"lg_max_k", m.lg_max_k}});
      b.Step("merge", u, {{"from", "a"}, {"how", "copy"}});
      b.Step("merge", u, {{"from", "b"}, {"how", "copy"}});
      const std::string as = absl::StrCat("n", n);
      b.Step("query", u, EstimateQueries(as));
      truths.Add(u, as, rse, m.series);
    }
    return b.Build();
  }
};

}  // namespace

const Suite& HllAccuracySuite() {
  static const HllAccuracy* suite = new HllAccuracy();
  return *suite;
}

const Suite& HllAccuracyUnionsSuite() {
  static const HllAccuracyUnions* suite = new HllAccuracyUnions();
  return *suite;
}

}  // namespace dsconform
