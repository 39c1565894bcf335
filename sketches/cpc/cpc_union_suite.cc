// cpc.unions: seeded scenarios of 3 inputs (mixed lgK and flavors,
// overlapping and disjoint keys) merged in all 6 orders, by copy and by move,
// into unions of several lgK; every order must give the same result.
#include <algorithm>
#include <numeric>
#include <set>

#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "harness/case/splitmix64.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {
namespace {

struct Input {
  int lg_k;
  ItemStream items;
};

constexpr int kInputs = 3;

std::vector<Input> MakeInputs(uint64_t scenario, int max_lg_k) {
  SplitMix64 rng(0x637063756e696f6eULL + scenario);  // "cpcunion"
  std::vector<Input> inputs;
  int64_t previous_start = 0, previous_count = 0;
  for (int i = 0; i < kInputs; ++i) {
    const int lg_k = 4 + static_cast<int>(rng.Next() % (max_lg_k - 3));
    // A size inside a random flavor, empty included.
    const std::vector<int64_t> sizes = CpcFlavorSizes(lg_k);
    const int64_t n = sizes[rng.Next() % sizes.size()];
    int64_t start;
    switch (rng.Next() % 3) {
      case 0: start = previous_start + previous_count / 2; break;  // overlaps the previous input
      case 1: start = previous_start; break;                       // shares its first keys
      default: start = int64_t{1000000000} * (i + 1); break;       // disjoint
    }
    inputs.push_back({lg_k, Sequence(start, n)});
    previous_start = start;
    previous_count = n;
  }
  return inputs;
}

class CpcUnions final : public Suite {
 public:
  std::string name() const override { return "cpc.unions"; }
  std::string description() const override {
    return "seeded scenarios of 3 inputs of mixed lgK and flavor merged in all 6 orders (and by move) into unions of "
           "the smallest, largest and a larger lgK; the result's image, ICON estimate and bounds; every order must "
           "give the same image";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const uint64_t scenarios = scale == SuiteScale::kSmoke ? 4 : scale == SuiteScale::kReduced ? 30 : 100;
    const int max_lg_k = scale == SuiteScale::kSmoke ? 11 : scale == SuiteScale::kReduced ? 16 : 21;
    std::vector<Case> cases;
    for (uint64_t s = 0; s < scenarios; ++s) {
      const std::vector<Input> inputs = MakeInputs(s, max_lg_k);
      int min_lg_k = 26, top_lg_k = 4;
      for (const auto& in : inputs) {
        min_lg_k = std::min(min_lg_k, in.lg_k);
        top_lg_k = std::max(top_lg_k, in.lg_k);
      }
      std::set<int> union_lg_ks = {min_lg_k, top_lg_k};
      if (scale != SuiteScale::kSmoke) union_lg_ks.insert(std::min(26, top_lg_k + 1));
      for (int lg_k : union_lg_ks) cases.push_back(MakeCase(s, inputs, lg_k));
    }
    return cases;
  }

 private:
  Case MakeCase(uint64_t scenario, const std::vector<Input>& inputs, int union_lg_k) const {
    std::string lg_ks;
    for (const auto& in : inputs) absl::StrAppend(&lg_ks, lg_ks.empty() ? "" : ",", in.lg_k);
    CaseBuilder b(absl::StrCat("cpc/union/s=", scenario, "/lgks=", lg_ks, "/lgk=", union_lg_k), name(), "cpc");
    for (size_t i = 0; i < inputs.size(); ++i) {
      const std::string in = absl::StrCat("in", i);
      b.Step("create", in, {{"lg_k", inputs[i].lg_k}});
      b.Update(in, inputs[i].items);
      b.Step("serialize", in, {{"form", "compact"}});
    }
    std::vector<int> order(inputs.size());
    std::iota(order.begin(), order.end(), 0);
    std::vector<std::string> results;
    int p = 0;
    do {
      const std::string u = absl::StrCat("u", p++);
      b.Step("union", u, {{"lg_k", union_lg_k}});
      for (int i : order) b.Step("merge", u, {{"from", absl::StrCat("in", i)}, {"how", "copy"}});
      results.push_back(u);
    } while (std::next_permutation(order.begin(), order.end()));
    // By move (datasketches-cpp's update(cpc_sketch&&) may adopt the sketch's
    // tables): fresh copies read back from the inputs' images.
    b.Step("union", "um", {{"lg_k", union_lg_k}});
    for (size_t i = 0; i < inputs.size(); ++i) {
      const std::string m = absl::StrCat("mv", i);
      b.Step("deserialize", m, {{"image", absl::StrCat("in", i, ".compact")}, {"mode", "heapify"}});
      b.Step("merge", "um", {{"from", m}, {"how", "move"}});
    }
    results.push_back("um");
    std::vector<std::string> images;
    for (const std::string& u : results) {
      const std::string r = u + "_result";
      b.Step("result", r, {{"from", u}})
          .Step("serialize", r, {{"form", "compact"}})
          .Step("query", r, {{"queries", CpcSketchQueries()}});
      images.push_back(r + ".compact");
    }
    return b.Check("equal", images).Check("cpc_image_consistent", images).Build();
  }
};

}  // namespace

const Suite& CpcUnionSuite() {
  static const CpcUnions* suite = new CpcUnions();
  return *suite;
}

}  // namespace dsconform
