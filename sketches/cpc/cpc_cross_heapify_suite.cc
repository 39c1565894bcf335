// cpc.cross_heapify: every image one engine writes is read by every engine
// (heapify; in Java also the read-only CpcWrapper), queried, written again,
// updated further and merged; compared with the writer reading its own image.
#include <optional>

#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {
namespace {

class CpcCrossHeapify final : public Suite {
 public:
  std::string name() const override { return "cpc.cross_heapify"; }
  std::string description() const override {
    return "images written by one engine read by every other (heapify, and CpcWrapper in Java), queried, "
           "re-serialized, updated further and merged into a union, against the writer's own continuation; one size "
           "inside each flavor, default and custom seed";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> lg_ks = scale == SuiteScale::kSmoke     ? std::vector<int>{4, 10}
                                   : scale == SuiteScale::kReduced ? std::vector<int>{4, 5, 8, 10, 12, 14}
                                                                   : std::vector<int>{4, 5, 7, 8, 10, 12, 14, 16, 18, 21};
    std::vector<Case> cases;
    for (int lg_k : lg_ks)
      for (std::optional<int64_t> seed : {std::optional<int64_t>(), std::optional<int64_t>(kCpcCustomSeed)})
        for (int64_t n : CpcFlavorSizes(lg_k)) cases.push_back(MakeCase(lg_k, seed, n));
    return cases;
  }

 private:
  Case MakeCase(int lg_k, std::optional<int64_t> seed, int64_t n) const {
    const std::string seed_name = seed ? absl::StrCat(*seed) : "default";
    CaseBuilder b(absl::StrCat("cpc/cross/lgk=", lg_k, "/seed=", seed_name, "/n=", n), name(), "cpc");
    b.Step("create", "a", WithSeed({{"lg_k", lg_k}}, seed))
        .Update("a", Sequence(0, n))
        .Step("serialize", "a", {{"form", "compact"}})
        .Cross({"a.compact"});
    b.Step("deserialize", "h", WithSeed({{"image", "a.compact"}, {"mode", "heapify"}}, seed))
        .Step("query", "h", {{"queries", CpcSketchQueries()}})
        .Step("serialize", "h", {{"form", "compact"}})
        // New items, half of them already seen by the writer.
        .Update("h", Sequence(n / 2, n + 1000))
        .Step("query", "h", {{"queries", CpcSketchQueries()}, {"as", "h.more"}})
        .Step("serialize", "h", {{"form", "compact"}, {"as", "h.more"}})
        // The read sketch merged with one of a smaller lgK: ICON on the reader's bits.
        .Step("deserialize", "r", WithSeed({{"image", "a.compact"}, {"mode", "heapify"}}, seed))
        .Step("create", "small", WithSeed({{"lg_k", lg_k > 4 ? lg_k - 1 : 4}}, seed))
        .Update("small", Sequence(n + 1000000, n / 3 + 7))
        .Step("union", "u", WithSeed({{"lg_k", lg_k}}, seed))
        .Step("merge", "u", {{"from", "r"}, {"how", "copy"}})
        .Step("merge", "u", {{"from", "small"}, {"how", "copy"}})
        .Step("result", "m", {{"from", "u"}})
        .Step("query", "m", {{"queries", CpcSketchQueries()}})
        .Step("serialize", "m", {{"form", "compact"}})
        // Last: a query the wrapper cannot answer ends the stage.
        .Step("deserialize", "w", {{"image", "a.compact"}, {"mode", "wrap"}})
        .Step("query", "w", {{"queries", CpcWrapQueries()}});
    return b.Build();
  }
};

}  // namespace

const Suite& CpcCrossHeapifySuite() {
  static const CpcCrossHeapify* suite = new CpcCrossHeapify();
  return *suite;
}

}  // namespace dsconform
