// hll.accessor_determinism: reading a sketch or union must not change it, and
// the images must be self-consistent.
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {
namespace {

class HllAccessorDeterminism final : public Suite {
 public:
  std::string name() const override { return "hll.accessor_determinism"; }
  std::string description() const override {
    return "estimates read mid-stream must not change later images; union results must carry a curMin/numAtCurMin "
           "that a recount of their registers confirms, hipAccum 0 when out-of-order, and the compact flag as asked";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<int> lg_ks = scale == SuiteScale::kSmoke ? std::vector<int>{4, 8, 11}
                                                         : std::vector<int>{4, 6, 8, 10, 11, 12, 14, 16};
    std::vector<Case> cases;
    for (int lg_k : lg_ks) {
      const int64_t k = int64_t{1} << lg_k;
      for (const char* type : kHllTypes) {
        for (int64_t n : {int64_t{5}, HllTransitionsFor(lg_k).last_set + 2, k, 8 * k}) {
          if (n <= 0) continue;
          cases.push_back(SketchCase(lg_k, type, n));
          cases.push_back(UnionCase(lg_k, type, n));
        }
      }
    }
    return cases;
  }

 private:
  // Sketch b is read after every quarter of the stream; a never is.
  Case SketchCase(int lg_k, const char* type, int64_t n) const {
    CaseBuilder b(absl::StrCat("hll/accessors/sketch/lgk=", lg_k, "/type=", type, "/n=", n), name(), "hll");
    b.Step("create", "a", {{"lg_k", lg_k}, {"type", type}}).Step("create", "b", {{"lg_k", lg_k}, {"type", type}});
    b.Update("a", Sequence(0, n));
    for (int q = 0; q < 4; ++q) {
      b.Update("b", Sequence(q * n / 4, (q + 1) * n / 4 - q * n / 4))
          .Step("query", "b", {{"queries", HllSketchQueries()}, {"as", absl::StrCat("b.q", q)}});
    }
    for (const char* s : {"a", "b"}) {
      b.Step("serialize", s, {{"form", "compact"}}).Step("serialize", s, {{"form", "updatable"}});
      b.Step("query", s, {{"queries", HllSketchQueries()}});
    }
    return b.Check("equal", {"a.compact", "b.compact"})
        .Check("equal", {"a.updatable", "b.updatable"})
        .Check("equal", {"a.estimate", "b.estimate"})
        .Check("hll_compact_flag", {"a.compact", "a.updatable"})
        .Check("hll_image_consistent", {"a.compact", "a.updatable"})
        .Build();
  }

  // Union v is read (estimate and an intermediate result) between merges; u never is.
  Case UnionCase(int lg_k, const char* type, int64_t n) const {
    CaseBuilder b(absl::StrCat("hll/accessors/union/lgk=", lg_k, "/type=", type, "/n=", n), name(), "hll");
    const int small_lg_k = lg_k > 5 ? lg_k - 2 : lg_k;
    b.Step("create", "x", {{"lg_k", lg_k}, {"type", type}}).Update("x", Sequence(0, n));
    b.Step("create", "y", {{"lg_k", small_lg_k}, {"type", "HLL_8"}}).Update("y", Sequence(n / 2, n));
    b.Step("union", "u", {{"lg_max_k", lg_k}}).Step("union", "v", {{"lg_max_k", lg_k}});
    b.Step("merge", "u", {{"from", "x"}, {"how", "copy"}}).Step("merge", "u", {{"from", "y"}, {"how", "copy"}});
    b.Step("merge", "v", {{"from", "x"}, {"how", "copy"}})
        .Step("query", "v", {{"queries", HllUnionQueries()}, {"as", "v.mid"}})
        .Step("result", "v_mid", {{"from", "v"}, {"type", type}})
        .Step("merge", "v", {{"from", "y"}, {"how", "copy"}});
    std::vector<std::string> images;
    for (const char* t : kHllTypes) {
      for (const char* u : {"u", "v"}) {
        const std::string r = absl::StrCat(u, "_", t);
        b.Step("result", r, {{"from", u}, {"type", t}})
            .Step("serialize", r, {{"form", "compact"}})
            .Step("serialize", r, {{"form", "updatable"}});
        images.push_back(r + ".compact");
        images.push_back(r + ".updatable");
      }
      b.Check("equal", {absl::StrCat("u_", t, ".compact"), absl::StrCat("v_", t, ".compact")});
      b.Check("equal", {absl::StrCat("u_", t, ".updatable"), absl::StrCat("v_", t, ".updatable")});
    }
    return b.Check("hll_image_consistent", images).Check("hll_compact_flag", images).Build();
  }
};

}  // namespace

const Suite& HllAccessorDeterminismSuite() {
  static const HllAccessorDeterminism* suite = new HllAccessorDeterminism();
  return *suite;
}

}  // namespace dsconform
