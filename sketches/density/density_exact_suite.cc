// density.exact: up to k points a density sketch compacts nothing (it
// compacts before adding a point once it holds k), so it draws no random bit
// and both libraries must agree bit for bit: images, the retained points,
// every query and the estimates at the query points, the round trip, merges
// that stay within k (by copy and by move), and (cross stage) each engine's
// images read by every other, answered, continued within k and written again.
// k 0 and 1 are refused by both. One case per k and dimension builds k points
// by updates and the same k points as a merge of two halves: the merge
// compacts (DS4), so the two images differ in every engine.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "sketches/density/density_suites.h"

namespace dsconform {
namespace {

class DensityExact final : public Suite {
 public:
  std::string name() const override { return "density.exact"; }
  std::string description() const override {
    return "sketches of 1 to 8 dimensions with n up to k, k from 2: images, retained points, every query and the "
           "estimates at the query points, round trip, merges within k by copy and move, each image read by every "
           "engine and continued; k 0 and 1 refused";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{2, 10}
                                : scale == SuiteScale::kReduced ? std::vector<int>{2, 3, 10, 128, 1000}
                                                                : std::vector<int>{2, 3, 10, 128, 1000, 4096, 65535};
    const std::vector<int> dims =
        scale == SuiteScale::kSmoke ? std::vector<int>{1, 3} : std::vector<int>{1, 2, 3, 8};
    std::vector<Case> cases;
    for (int k : {0, 1}) cases.push_back(Refused(k));
    for (int dim : dims)
      for (int k : ks) {
        std::vector<int64_t> sizes = {0, 1, k / 2, int64_t{k} - 1, k};
        if (scale == SuiteScale::kSmoke) sizes = {0, k / 2, k};
        std::sort(sizes.begin(), sizes.end());
        sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
        for (int64_t n : sizes) cases.push_back(MakeCase(dim, k, n));
        cases.push_back(MergeToK(dim, k));
      }
    return cases;
  }

 private:
  // Retained points as fields (dim + 1 each) only up to k = 128: past it they multiply
  // records, and the images hold the same points.
  static constexpr int kListedK = 128;

  Case Refused(int k) const {
    CaseBuilder b(absl::StrCat("density/exact/refused/k=", k), name(), "density");
    b.Step("create", "a", {{"k", k}, {"dim", 2}});
    return b.Build();
  }

  Case MakeCase(int dim, int k, int64_t n) const {
    CaseBuilder b(absl::StrCat("density/exact/dim=", dim, "/k=", k, "/n=", n), name(), "density");
    // Points spread over about four kernel widths, whatever n: the estimates are neither 0 nor 1.
    const std::string scale = absl::StrCat(16.0 / static_cast<double>(std::max<int64_t>(k * int64_t{dim}, 1)));
    DensityPoints pa{dim, 0, n, 3, scale};
    // The points after a's, as many as keep a merge below k: a merge that reaches k points
    // compacts (update compacts only before adding a point past k), drawing random bits.
    DensityPoints pb{dim, n * dim, std::max<int64_t>(k - 1 - n, 0), 4, scale};
    DensityPoints all{dim, 0, k, 3, scale};           // the span of a's and b's: the query points of both
    b.Step("create", "a", {{"k", k}, {"dim", dim}});
    AddDensityUpdate(b, "a", pa);
    b.Step("serialize", "a", {{"form", "compact"}});
    AddDensityQuery(b, "a", "a", all, n > 0);
    if (k <= kListedK) b.Step("result", "a", {{"as", "a"}});
    b.Step("deserialize", "rt", {{"image", "a.compact"}})
        .Step("serialize", "rt", {{"form", "compact"}})
        .Check("equal", {"a.compact", "rt.compact"});
    b.Step("create", "b", {{"k", k}, {"dim", dim}});
    AddDensityUpdate(b, "b", pb);
    for (const char* how : {"copy", "move"}) {
      const std::string m = absl::StrCat("m_", how);
      b.Step("create", m, {{"k", k}, {"dim", dim}});
      AddDensityUpdate(b, m, pa);
      if (std::string(how) == "move") {  // b is used up by the move: a copy of it goes
        b.Step("create", "b2", {{"k", k}, {"dim", dim}});
        AddDensityUpdate(b, "b2", pb);
      }
      b.Step("merge", m, {{"from", std::string(how) == "move" ? "b2" : "b"}, {"how", how}})
          .Step("serialize", m, {{"form", "compact"}});
      AddDensityQuery(b, m, m, all, k > 0);
    }
    b.Check("equal", {"m_copy.compact", "m_move.compact"});
    if (k <= kListedK) b.Step("result", "m_copy", {{"as", "m_copy"}});
    b.Cross({"a.compact", "m_copy.compact"});
    b.Step("deserialize", "read_a", {{"image", "a.compact"}}).Step("serialize", "read_a", {{"form", "compact"}});
    AddDensityQuery(b, "read_a", "read_a", all, n > 0);
    if (k <= kListedK) b.Step("result", "read_a", {{"as", "read_a"}});
    AddDensityUpdate(b, "read_a", pb);
    b.Step("serialize", "read_a", {{"form", "compact"}, {"as", "continued"}})
        .Step("deserialize", "read_m", {{"image", "m_copy.compact"}})
        .Step("serialize", "read_m", {{"form", "compact"}});
    AddDensityQuery(b, "read_m", "read_m", all, true);
    return b.Build();
  }

  // k points by updates, and the same k points as a merge of two halves: the merge compacts
  // at its end once it holds k (DS4), drawing random bits (pinned where the engine can).
  Case MergeToK(int dim, int k) const {
    CaseBuilder b(absl::StrCat("density/exact/dim=", dim, "/k=", k, "/merge_to=k"), name(), "density");
    const std::string scale = absl::StrCat(16.0 / static_cast<double>(k * int64_t{dim}));
    const int64_t half = k / 2;
    const DensityPoints first{dim, 0, half, 3, scale}, second{dim, half * dim, k - half, 4, scale};
    const DensityPoints all{dim, 0, k, 3, scale};
    b.Step("create", "u", {{"k", k}, {"dim", dim}});
    AddDensityUpdate(b, "u", first);
    AddDensityUpdate(b, "u", second);
    b.Step("serialize", "u", {{"form", "compact"}});
    AddDensityQuery(b, "u", "u", all, true);
    b.Step("create", "m", {{"k", k}, {"dim", dim}}).Step("create", "b", {{"k", k}, {"dim", dim}});
    AddDensityUpdate(b, "m", first);
    AddDensityUpdate(b, "b", second);
    b.Step("merge", "m", {{"from", "b"}, {"seed", DensitySeed(k * 100 + dim, 40)}, {"seed_optional", true}})
        .Step("serialize", "m", {{"form", "compact"}, {"as", "lang.m"}});
    AddDensityQuery(b, "m", "lang.m", all, true);
    b.Check("equal", {"u.compact", "lang.m.compact"});
    return b.Build();
  }
};

}  // namespace

const Suite& DensityExactSuite() {
  static const DensityExact* suite = new DensityExact();
  return *suite;
}

}  // namespace dsconform
