// tuple.setops: three inputs of one summary (exact or estimation mode,
// overlapping keys, different values): unions in every order of the three,
// intersections (of the three, with an empty input, with an exact-mode one),
// A-not-B with a tuple and with a theta sketch, Jaccard (tuple with tuple, with
// theta), and a theta sketch entering a union and an intersection with a
// summary of its own.
#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "sketches/tuple/tuple_suites.h"

namespace dsconform {
namespace {

// Above this lgK, A-not-B meets ordered compact inputs only: datasketches-cpp's is quadratic in
// b's entries otherwise (docs/findings-tuple.md, TU8), minutes a case at lgK 16.
constexpr int kMaxHashedANotBLgK = 14;

struct Scenario {
  int lg_k;
  int64_t n;  // items per input; inputs overlap by half
};

class TupleSetOps final : public Suite {
 public:
  std::string name() const override { return "tuple.setops"; }
  std::string description() const override {
    return "three inputs per summary: unions in all 6 orders, intersections (three inputs, an empty one, an "
           "exact-mode one), A-not-B with a tuple and a theta sketch, Jaccard, theta sketches as set-operation inputs";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Scenario> scenarios = {{8, 100}, {8, 3000}};
    if (scale != SuiteScale::kSmoke) scenarios.push_back({12, 20000});
    if (scale == SuiteScale::kFull) scenarios.push_back({16, 400000});
    std::vector<Case> cases;
    for (const Scenario& sc : scenarios)
      for (const TupleSummary& s : AllTupleSummaries()) cases.push_back(MakeCase(s, sc));
    return cases;
  }

 private:
  Case MakeCase(const TupleSummary& s, const Scenario& sc) const {
    CaseBuilder b(absl::StrCat("tuple/setops/", s.id(), "/lgk=", sc.lg_k, "/n=", sc.n), name(), "tuple");
    const bool summaries = sc.lg_k <= 12;
    const std::array<const char*, 3> in = {"a", "b", "c"};
    for (int i = 0; i < 3; ++i) {
      nlohmann::ordered_json create = s.members();
      create["lg_k"] = sc.lg_k;
      b.Step("create", in[i], create).Update(in[i], Sequence(i * sc.n / 2, sc.n), TupleValues(s, 10 * i - 4, i + 1));
    }
    // An exact-mode input and an empty one.
    nlohmann::ordered_json small = s.members();
    small["lg_k"] = sc.lg_k;
    b.Step("create", "x", small).Update("x", Sequence(sc.n / 2, 40), TupleValues(s, 2, 0));
    b.Step("create", "e", small);
    nlohmann::ordered_json setop = s.members();
    setop["lg_k"] = sc.lg_k;
    nlohmann::ordered_json inter = s.members();
    // Unions in every order: the results must agree across orders and engines.
    std::array<int, 3> order = {0, 1, 2};
    int k = 0;
    do {
      const std::string u = absl::StrCat("u", k), r = absl::StrCat("union", k);
      b.Step("union", u, setop);
      for (int i : order) b.Step("merge", u, {{"from", in[i]}});
      b.Step("result", r, {{"from", u}, {"ordered", 1}})
          .Step("query", r, {{"queries", TupleSketchQueries(summaries)}})
          .Step("serialize", r, {{"form", "compact"}});
      ++k;
    } while (std::next_permutation(order.begin(), order.end()));
    // Intersections: of the three; with an empty input; with an exact-mode one.
    const std::vector<std::pair<std::string, std::vector<const char*>>> intersections = {
        {"i3", {"a", "b", "c"}}, {"ie", {"a", "e"}}, {"ix", {"b", "x"}}};
    for (const auto& [name, inputs] : intersections) {
      b.Step("intersection", name, inter);
      for (const char* from : inputs) b.Step("merge", name, {{"from", from}});
      b.Step("query", name, {{"queries", {"has_result"}}})
          .Step("result", name + "_r", {{"from", name}, {"ordered", 1}})
          .Step("query", name + "_r", {{"queries", TupleSketchQueries(summaries)}})
          .Step("serialize", name + "_r", {{"form", "compact"}});
    }
    // A-not-B, tuple with tuple, both ways.
    std::string na = "a", nb = "b";
    if (sc.lg_k > kMaxHashedANotBLgK) {
      b.Step("compact", "ca", {{"from", "a"}, {"ordered", 1}}).Step("compact", "cb", {{"from", "b"}, {"ordered", 1}});
      na = "ca";
      nb = "cb";
    }
    b.Step("a_not_b", "ab", {{"a", na}, {"b", nb}})
        .Step("a_not_b", "ba", {{"a", nb}, {"b", na}})
        .Step("query", "ab", {{"queries", TupleSketchQueries(summaries)}})
        .Step("query", "ba", {{"queries", TupleSketchQueries(false)}})
        .Step("serialize", "ab", {{"form", "compact"}});
    if (!s.is_array()) {
      // Theta sketches as inputs: A-not-B, Jaccard, and into a union and an intersection.
      b.Step("create_theta", "t", {{"lg_k", sc.lg_k}}).Update("t", Sequence(sc.n / 4, sc.n));
      b.Step("a_not_b", "at", {{"a", na}, {"b", "t"}})
          .Step("query", "at", {{"queries", TupleSketchQueries(summaries)}})
          .Step("serialize", "at", {{"form", "compact"}})
          .Step("jaccard", "a", {{"with", "b"}, {"summary", s.name}, {"as", "jab"}})
          .Step("jaccard", "a", {{"with", "t"}, {"summary", s.name}, {"value", "2"}, {"as", "jat"}})
          .Step("union", "ut", setop)
          .Step("merge", "ut", {{"from", "a"}})
          .Step("merge", "ut", {{"from", "t"}, {"value", "2"}})
          .Step("result", "ut_r", {{"from", "ut"}, {"ordered", 1}})
          .Step("query", "ut_r", {{"queries", TupleSketchQueries(summaries)}})
          .Step("serialize", "ut_r", {{"form", "compact"}})
          .Step("intersection", "it", inter)
          .Step("merge", "it", {{"from", "a"}})
          .Step("merge", "it", {{"from", "t"}, {"value", "2"}})
          .Step("result", "it_r", {{"from", "it"}, {"ordered", 1}})
          .Step("query", "it_r", {{"queries", TupleSketchQueries(summaries)}})
          .Step("serialize", "it_r", {{"form", "compact"}});
    }
    return b.Build();
  }
};

}  // namespace

const Suite& TupleSetOpsSuite() {
  static const TupleSetOps* suite = new TupleSetOps();
  return *suite;
}

}  // namespace dsconform
