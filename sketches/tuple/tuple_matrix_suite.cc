// tuple.matrix: update sketches of every summary over lgK x resize factor x p
// x seed, at sizes around every resize and the first rebuild; a second update
// over half the keys, so summaries combine; the updatable image (Java), the
// ordered and unordered compact images, every query and the summaries.
#include "absl/strings/str_cat.h"
#include "harness/family/quickselect_transitions.h"
#include "sketches/tuple/tuple_suites.h"

namespace dsconform {
namespace {

// Above this lgK the `summaries` query (one text of every entry) is left out.
constexpr int kMaxSummariesLgK = 12;

struct Config {
  TupleSummary summary;
  int lg_k;
  int lg_rf;
  const char* p;
  int64_t seed;
};

class TupleMatrix final : public Suite {
 public:
  std::string name() const override { return "tuple.matrix"; }
  std::string description() const override {
    return "update sketches of every summary (double and int: sum, min, max, always-one; aod of 1 and 3 values) over "
           "lgK 5..21 x resize factor x p x seed, sizes around every resize and rebuild, keys hit twice: compact "
           "images (ordered, unordered), estimates, bounds, theta, the summaries";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<int> lg_ks;
    std::vector<int> lg_rfs = {0, 1, 2, 3};
    std::vector<const char*> ps = {"1.0", "0.5", "0.1"};
    int64_t max_items = int64_t{1} << 24;
    switch (scale) {
      case SuiteScale::kSmoke:
        lg_ks = {5, 10};
        lg_rfs = {3};
        ps = {"1.0"};
        max_items = int64_t{1} << 13;
        break;
      case SuiteScale::kReduced:
        lg_ks = {5, 8, 10, 12, 14};
        lg_rfs = {0, 3};
        ps = {"1.0", "0.5"};
        max_items = int64_t{1} << 17;
        break;
      case SuiteScale::kFull:
        for (int lg_k = 5; lg_k <= 21; ++lg_k) lg_ks.push_back(lg_k);
        max_items = int64_t{1} << 22;
        break;
    }
    std::vector<Config> configs;
    for (const TupleSummary& s : AllTupleSummaries()) {
      // The resize factor and p shape the hash table, not the summaries: every summary at the
      // smaller scales, one double, one int and one aod summary across them at the full scale.
      const bool whole_matrix = scale != SuiteScale::kFull || s.name == "double_sum" || s.name == "int_sum" ||
                                (s.is_aod() && s.num_values == 3);
      for (int lg_k : lg_ks)
        for (int lg_rf : lg_rfs)
          for (const char* p : ps) {
            // Above lgK 14 the resize factor and p change the same tables at larger sizes: X8, p = 1 only.
            const bool x8_p1 = lg_rf == 3 && std::string(p) == "1.0";
            if (!x8_p1 && (!whole_matrix || (scale == SuiteScale::kFull && lg_k > 14))) continue;
            configs.push_back({s, lg_k, lg_rf, p, kTupleDefaultSeed});
            // The custom seed changes every hash: one resize factor and p suffice for it.
            if (lg_rf == 3 && std::string(p) == "1.0") configs.push_back({s, lg_k, lg_rf, p, kTupleCustomSeed});
          }
    }
    // Smoke: p below 1 for the double sum and the aod of 3 values.
    if (scale == SuiteScale::kSmoke)
      for (const TupleSummary& s : AllTupleSummaries())
        if (s.name == "double_sum" || (s.is_aod() && s.num_values == 3))
          configs.push_back({s, 10, 3, "0.5", kTupleDefaultSeed});
    std::vector<Case> cases;
    for (const Config& c : configs) {
      // Full scale: estimation mode at lgK 20-21 (millions of items) for the X8, p = 1 sketches of
      // the default seed of one double and one aod summary; every other configuration up to 2^20.
      const bool largest = c.lg_rf == 3 && std::string(c.p) == "1.0" && c.seed == kTupleDefaultSeed &&
                           (c.summary.name == "double_sum" || (c.summary.is_aod() && c.summary.num_values == 3));
      const int64_t cap = scale == SuiteScale::kFull && !largest ? int64_t{1} << 20 : max_items;
      for (int64_t n : QuickSelectSizes(c.lg_k, c.lg_rf, cap)) cases.push_back(MakeCase(c, n));
    }
    return cases;
  }

 private:
  Case MakeCase(const Config& c, int64_t n) const {
    CaseBuilder b(absl::StrCat("tuple/sketch/", c.summary.id(), "/lgk=", c.lg_k, "/rf=X", 1 << c.lg_rf, "/p=", c.p,
                               "/seed=", c.seed, "/n=", n),
                  name(), "tuple");
    nlohmann::ordered_json create = c.summary.members();
    create.update({{"lg_k", c.lg_k}, {"rf", 1 << c.lg_rf}, {"p", c.p}, {"seed", c.seed}});
    const bool summaries = c.lg_k <= kMaxSummariesLgK;
    nlohmann::ordered_json queries = TupleSketchQueries(summaries);
    queries.push_back("lg_k");
    b.Step("create", "a", create)
        .Update("a", Sequence(0, n), TupleValues(c.summary, 3, 1))
        // Every other key again, with negative values: summaries combine.
        .Update("a", Sequence(0, n / 2), TupleValues(c.summary, -2, -3))
        .Step("query", "a", {{"queries", queries}})
        .Step("compact", "o", {{"from", "a"}, {"ordered", 1}})
        .Step("compact", "u", {{"from", "a"}, {"ordered", 0}})
        .Step("query", "o", {{"queries", TupleSketchQueries(summaries)}})
        .Step("query", "u", {{"queries", TupleSketchQueries(false)}})
        .Step("serialize", "o", {{"form", "compact"}})
        .Step("serialize", "u", {{"form", "compact"}})
        // Last: Java refuses the updatable image of a sketch with a custom seed (an error ends the stage).
        .Step("serialize", "a", {{"form", "updatable"}});
    return b.Build();
  }
};

}  // namespace

const Suite& TupleMatrixSuite() {
  static const TupleMatrix* suite = new TupleMatrix();
  return *suite;
}

}  // namespace dsconform
