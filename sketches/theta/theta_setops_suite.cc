// theta.setops: seeded scenarios of three inputs (mixed lgK, exact and
// estimation mode, overlapping and disjoint keys, sometimes an empty one):
// unions in every order of the three, intersections (of two, of three, with
// nothing, with an empty input), A-not-B both ways, and Jaccard similarity.
#include <algorithm>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "harness/case/splitmix64.h"
#include "sketches/theta/theta_suites.h"

namespace dsconform {
namespace {

// The largest lgK whose sketches A-not-B meets unordered (see MakeCase).
constexpr int kMaxHashedANotBLgK = 14;

struct Input {
  int lg_k;
  int rf;
  const char* p;
  ItemStream items;
};

std::vector<Input> MakeInputs(uint64_t scenario, int max_lg_k) {
  SplitMix64 rng(0x7365746f7073ULL + scenario);  // "setops"
  std::vector<Input> inputs;
  int64_t previous_start = 0, previous_count = 0;
  for (int i = 0; i < 3; ++i) {
    const int lg_k = 5 + static_cast<int>(rng.Next() % (max_lg_k - 4));
    const int64_t k = int64_t{1} << lg_k;
    int64_t n;
    switch (rng.Next() % 4) {
      case 0: n = scenario % 5 == 4 && i == 2 ? 0 : 1 + static_cast<int64_t>(rng.Next() % k); break;  // exact
      case 1: n = k + static_cast<int64_t>(rng.Next() % k); break;                                     // near the rebuild
      default: n = 2 * k + static_cast<int64_t>(rng.Next() % (8 * k)); break;                          // estimation
    }
    int64_t start;
    switch (rng.Next() % 3) {
      case 0: start = previous_start + previous_count / 2; break;  // overlaps the previous input
      case 1: start = previous_start; break;                       // contains or is contained in it
      default: start = int64_t{1000000000} * (i + 1); break;       // disjoint
    }
    const char* p = rng.Next() % 4 == 0 ? "0.5" : "1.0";
    inputs.push_back({lg_k, 1 << (rng.Next() % 4), p, Sequence(start, n)});
    previous_start = start;
    previous_count = n;
  }
  return inputs;
}

class ThetaSetOps final : public Suite {
 public:
  std::string name() const override { return "theta.setops"; }
  std::string description() const override {
    return "three seeded inputs: unions in all 6 orders (equal results required), intersections of 0..3 inputs and "
           "with an empty sketch, A-not-B both ways, Jaccard similarity; inputs as update and as compact sketches";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const uint64_t scenarios = scale == SuiteScale::kSmoke ? 8 : scale == SuiteScale::kReduced ? 60 : 200;
    std::vector<Case> cases;
    for (uint64_t s = 0; s < scenarios; ++s) {
      // By scenario, not by scale, so a smaller scale's cases are the larger's first ones.
      const int max_lg_k = s < 8 ? 10 : s < 60 ? 14 : 18;
      const std::vector<Input> inputs = MakeInputs(s, max_lg_k);
      const int union_lg_k = s % 2 == 0 ? inputs[0].lg_k : std::max({inputs[0].lg_k, inputs[1].lg_k, inputs[2].lg_k});
      cases.push_back(MakeCase(s, inputs, union_lg_k, s % 3 == 0));
    }
    return cases;
  }

 private:
  Case MakeCase(uint64_t scenario, const std::vector<Input>& inputs, int union_lg_k, bool compact_inputs) const {
    CaseBuilder b(absl::StrCat("theta/setops/s=", scenario, "/lgk=", union_lg_k,
                               compact_inputs ? "/inputs=compact" : "/inputs=update"),
                  name(), "theta");
    std::vector<std::string> in;
    for (size_t i = 0; i < inputs.size(); ++i) {
      const std::string a = absl::StrCat("a", i);
      b.Step("create", a, {{"lg_k", inputs[i].lg_k}, {"rf", inputs[i].rf}, {"p", inputs[i].p}});
      b.Update(a, inputs[i].items);
      if (compact_inputs) {
        // Unordered, so the set operations meet hash-table order as well as sorted entries.
        const std::string c = absl::StrCat("c", i);
        b.Step("compact", c, {{"from", a}, {"ordered", i == 1 ? 1 : 0}});
        in.push_back(c);
      } else {
        in.push_back(a);
      }
    }
    // Unions of the three in every order: the results must be the same sketch.
    std::vector<int> order = {0, 1, 2};
    std::vector<std::string> unions;
    int u = 0;
    do {
      const std::string name = absl::StrCat("u", u), result = absl::StrCat("ru", u);
      b.Step("union", name, {{"lg_k", union_lg_k}});
      for (int i : order) b.Step("merge", name, {{"from", in[i]}});
      b.Step("result", result, {{"from", name}, {"ordered", 1}});
      b.Step("serialize", result, {{"form", "compact"}});
      unions.push_back(result + ".compact");
      ++u;
    } while (std::next_permutation(order.begin(), order.end()));
    b.Step("query", "ru0", {{"queries", ThetaSketchQueries()}});
    b.Step("result", "ru0u", {{"from", "u0"}, {"ordered", 0}}).Step("serialize", "ru0u", {{"form", "compact"}});
    b.Check("equal", unions);

    // Intersections: two inputs, then three, in two orders; and an empty sketch.
    b.Step("intersection", "i", {});
    b.Step("query", "i", {{"queries", nlohmann::ordered_json::array({"has_result"})}, {"as", "i.before"}});
    b.Step("merge", "i", {{"from", in[0]}}).Step("merge", "i", {{"from", in[1]}});
    b.Step("result", "ri2", {{"from", "i"}, {"ordered", 1}});
    b.Step("merge", "i", {{"from", in[2]}});
    b.Step("result", "ri3", {{"from", "i"}, {"ordered", 1}});
    b.Step("intersection", "j", {});
    b.Step("merge", "j", {{"from", in[2]}}).Step("merge", "j", {{"from", in[0]}}).Step("merge", "j", {{"from", in[1]}});
    b.Step("result", "rj3", {{"from", "j"}, {"ordered", 1}});
    b.Step("create", "empty", {{"lg_k", inputs[0].lg_k}});
    b.Step("intersection", "e", {});
    b.Step("merge", "e", {{"from", in[0]}}).Step("merge", "e", {{"from", "empty"}});
    b.Step("result", "re", {{"from", "e"}, {"ordered", 1}});
    for (const char* r : {"ri2", "ri3", "rj3", "re"}) {
      b.Step("query", r, {{"queries", ThetaSketchQueries()}});
      b.Step("serialize", r, {{"form", "compact"}});
    }
    b.Check("equal", {"ri3.compact", "rj3.compact"});

    // A-not-B both ways, and against the empty sketch. Unless both inputs are ordered, datasketches-cpp
    // 5.2.0 hashes b into a table that rehashes itself on every insert past half full (TH12 in
    // docs/findings-theta.md): seconds per call at lgK 14, hours at lgK 18. Above lgK 14 (only at full
    // scale) the inputs' ordered compact forms are subtracted instead, so the run ends.
    std::string d0 = in[0], d1 = in[1];
    if (std::max(inputs[0].lg_k, inputs[1].lg_k) > kMaxHashedANotBLgK) {
      d0 = "o0", d1 = "o1";
      b.Step("compact", d0, {{"from", in[0]}, {"ordered", 1}}).Step("compact", d1, {{"from", in[1]}, {"ordered", 1}});
    }
    b.Step("a_not_b", "d01", {{"a", d0}, {"b", d1}, {"ordered", 1}});
    b.Step("a_not_b", "d10", {{"a", d1}, {"b", d0}, {"ordered", 1}});
    b.Step("a_not_b", "d0e", {{"a", in[0]}, {"b", "empty"}, {"ordered", 1}});
    b.Step("a_not_b", "de0", {{"a", "empty"}, {"b", in[0]}, {"ordered", 1}});
    for (const char* r : {"d01", "d10", "d0e", "de0"}) {
      b.Step("query", r, {{"queries", ThetaSketchQueries()}});
      b.Step("serialize", r, {{"form", "compact"}});
    }

    // Jaccard similarity: two inputs, an input with itself, with the empty sketch.
    b.Step("jaccard", in[0], {{"with", in[1]}, {"as", "jac01"}});
    b.Step("jaccard", in[0], {{"with", in[0]}, {"as", "jac00"}});
    b.Step("jaccard", in[2], {{"with", "empty"}, {"as", "jac2e"}});
    return b.Build();
  }
};

}  // namespace

const Suite& ThetaSetOpsSuite() {
  static const ThetaSetOps* suite = new ThetaSetOps();
  return *suite;
}

}  // namespace dsconform
