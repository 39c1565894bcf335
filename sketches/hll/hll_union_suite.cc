// hll.unions: seeded scenarios of 2..4 inputs (mixed lgK, types and modes,
// overlapping and disjoint keys) merged in every order into unions of several
// lgMaxK, each result read as every target type.
#include <algorithm>
#include <numeric>
#include <set>

#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "harness/case/splitmix64.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {
namespace {

struct Input {
  int lg_k;
  const char* type;
  ItemStream items;
};

// Picks a size that leaves the input in the wanted mode.
int64_t SizeInMode(SplitMix64& rng, int lg_k, int mode) {
  const HllTransitions t = HllTransitionsFor(lg_k);
  const int64_t k = int64_t{1} << lg_k;
  switch (mode) {
    case 0: return 1 + static_cast<int64_t>(rng.Next() % t.last_list);  // LIST
    case 1:
      if (t.last_set > 0) return t.first_set + static_cast<int64_t>(rng.Next() % (t.last_set - t.first_set + 1));
      [[fallthrough]];
    default: return k / 2 + static_cast<int64_t>(rng.Next() % (4 * k));  // HLL, into HLL_4's aux territory
  }
}

std::vector<Input> MakeInputs(uint64_t scenario) {
  SplitMix64 rng(0x756e696f6eULL + scenario);  // "union"
  const int count = 2 + static_cast<int>(rng.Next() % 3);
  std::vector<Input> inputs;
  int64_t previous_start = 0, previous_count = 0;
  for (int i = 0; i < count; ++i) {
    // Mostly small lgK so the suite stays fast; every tenth scenario reaches 21.
    const int max_lg_k = scenario % 10 == 9 ? 21 : 14;
    const int lg_k = 4 + static_cast<int>(rng.Next() % (max_lg_k - 3));
    const int mode = static_cast<int>(rng.Next() % 3);
    const int64_t n = std::min<int64_t>(SizeInMode(rng, lg_k, mode), int64_t{1} << 20);
    int64_t start;
    switch (rng.Next() % 3) {
      case 0: start = previous_start + previous_count / 2; break;  // overlaps the previous input
      case 1: start = previous_start; break;                       // shares its first keys
      default: start = int64_t{1000000000} * (i + 1); break;       // disjoint
    }
    inputs.push_back({lg_k, kHllTypes[rng.Next() % 3], Sequence(start, n)});
    previous_start = start;
    previous_count = n;
  }
  return inputs;
}

// All orders for 2 and 3 inputs; for 4, the four rotations and the reversal.
std::vector<std::vector<int>> Orders(int n) {
  std::vector<int> base(n);
  std::iota(base.begin(), base.end(), 0);
  std::vector<std::vector<int>> orders;
  if (n <= 3) {
    do orders.push_back(base);
    while (std::next_permutation(base.begin(), base.end()));
    return orders;
  }
  for (int r = 0; r < n; ++r) {
    std::vector<int> o(n);
    for (int i = 0; i < n; ++i) o[i] = base[(i + r) % n];
    orders.push_back(o);
  }
  orders.push_back(std::vector<int>(base.rbegin(), base.rend()));
  return orders;
}

class HllUnions final : public Suite {
 public:
  std::string name() const override { return "hll.unions"; }
  std::string description() const override {
    return "seeded scenarios of 2..4 inputs merged in every order into unions of several lgMaxK; results as "
           "HLL_4/6/8; the results of all orders (and of merging by move) must be identical";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const uint64_t scenarios = scale == SuiteScale::kSmoke ? 6 : scale == SuiteScale::kReduced ? 40 : 100;
    std::vector<Case> cases;
    for (uint64_t s = 0; s < scenarios; ++s) {
      const std::vector<Input> inputs = MakeInputs(s);
      int min_lg_k = 21, max_lg_k = 4;
      for (const auto& in : inputs) {
        min_lg_k = std::min(min_lg_k, in.lg_k);
        max_lg_k = std::max(max_lg_k, in.lg_k);
      }
      std::set<int> lg_max_ks = {min_lg_k, max_lg_k};
      if (scale != SuiteScale::kSmoke) lg_max_ks.insert(std::min(21, max_lg_k + 1));
      for (int lg_max_k : lg_max_ks) cases.push_back(MakeCase(s, inputs, lg_max_k));
    }
    return cases;
  }

 private:
  Case MakeCase(uint64_t scenario, const std::vector<Input>& inputs, int lg_max_k) const {
    CaseBuilder b(absl::StrCat("hll/union/s=", scenario, "/inputs=", inputs.size(), "/lgmaxk=", lg_max_k), name(),
                  "hll");
    for (size_t i = 0; i < inputs.size(); ++i) {
      const std::string in = absl::StrCat("in", i);
      b.Step("create", in, {{"lg_k", inputs[i].lg_k}, {"type", inputs[i].type}});
      b.Update(in, inputs[i].items);
    }
    std::vector<std::string> union_names;
    const auto orders = Orders(static_cast<int>(inputs.size()));
    for (size_t p = 0; p < orders.size(); ++p) {
      const std::string u = absl::StrCat("u", p);
      b.Step("union", u, {{"lg_max_k", lg_max_k}});
      for (int i : orders[p]) b.Step("merge", u, {{"from", absl::StrCat("in", i)}, {"how", "copy"}});
      union_names.push_back(u);
    }
    // The same inputs merged by move (a separate C++ overload): copies first,
    // so the inputs stay usable for nothing else afterwards.
    b.Step("union", "um", {{"lg_max_k", lg_max_k}});
    for (size_t i = 0; i < inputs.size(); ++i) {
      const std::string c = absl::StrCat("mv", i);
      b.Step("copy", c, {{"from", absl::StrCat("in", i)}});
      b.Step("merge", "um", {{"from", c}, {"how", "move"}});
    }
    union_names.push_back("um");
    for (const std::string& u : union_names) b.Step("query", u, {{"queries", HllUnionQueries()}});
    for (const char* type : kHllTypes) {
      std::vector<std::string> compact, updatable;
      for (const std::string& u : union_names) {
        const std::string r = absl::StrCat(u, "_", type);
        b.Step("result", r, {{"from", u}, {"type", type}});
        b.Step("serialize", r, {{"form", "compact"}});
        b.Step("serialize", r, {{"form", "updatable"}});
        b.Step("query", r, {{"queries", HllSketchQueries()}});
        compact.push_back(r + ".compact");
        updatable.push_back(r + ".updatable");
      }
      b.Check("equal", compact).Check("equal", updatable).Check("hll_image_consistent", compact);
    }
    return b.Build();
  }
};

}  // namespace

const Suite& HllUnionSuite() {
  static const HllUnions* suite = new HllUnions();
  return *suite;
}

}  // namespace dsconform
