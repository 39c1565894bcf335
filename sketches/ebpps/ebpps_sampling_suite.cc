// ebpps.sampling: n past k or unequal weights: the sample is drawn. Random bits
// are pinned per step (seed), so two builds of one library agree bit for bit;
// libraries draw different bits from equal seeds, so the draws are "lang."
// fields. Compared across languages: n, k, C and the cumulative weight of each
// sketch (no draw decides them), each image read by every other (same answers,
// the writer's bytes back), and a merge of two read images.
#include "absl/strings/str_cat.h"
#include "sketches/ebpps/ebpps_suites.h"

namespace dsconform {
namespace {

class EbppsSampling final : public Suite {
 public:
  std::string name() const override { return "ebpps.sampling"; }
  std::string description() const override {
    return "long/string sketches past k or of unequal weights (uniform, ramp, heavy, tiny), random bits pinned: n, "
           "k, C, cumulative weight everywhere; images, samples and merges within a language; each image read by "
           "every other engine (same answers, same bytes back)";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{2, 10}
                                : scale == SuiteScale::kReduced ? std::vector<int>{1, 2, 10, 128, 1000}
                                                                : std::vector<int>{1, 2, 3, 10, 128, 1000, 4096};
    const std::vector<int64_t> mults = scale == SuiteScale::kSmoke ? std::vector<int64_t>{10}
                                                                   : std::vector<int64_t>{1, 10, 1000};
    const std::vector<EbppsWeights> weights =
        scale == SuiteScale::kSmoke
            ? std::vector<EbppsWeights>{EbppsWeights::kUniform, EbppsWeights::kRamp}
            : std::vector<EbppsWeights>{EbppsWeights::kUniform, EbppsWeights::kRamp, EbppsWeights::kHeavy,
                                        EbppsWeights::kTiny};
    std::vector<Case> cases;
    for (const char* item : {"long", "string"})
      for (int k : ks)
        for (int64_t mult : mults)
          for (EbppsWeights w : weights) {
            const int64_t n = int64_t{k} * mult + (mult == 1 ? 0 : 1);
            if (n > 1000000 || n < 2) continue;
            cases.push_back(MakeCase(item, k, n, w));
          }
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, int k, int64_t n, EbppsWeights w) const {
    CaseBuilder b(absl::StrCat("ebpps/sampling/item=", item, "/k=", k, "/n=", n, "/weights=", EbppsWeightsName(w)),
                  name(), "ebpps");
    const nlohmann::ordered_json sizes = {"n", "k", "c", "cumulative_weight", "is_empty"};
    b.Step("create", "a", {{"k", k}, {"item", item}});
    AddEbppsUpdates(b, "a", item, 0, n, w, {{"seed", 101}});
    b.Step("query", "a", {{"queries", sizes}})
        .Step("serialize", "a", {{"form", "compact"}, {"as", "lang.a"}})
        .Step("result", "a", {{"as", "lang.a"}, {"seed", 102}})
        .Step("deserialize", "own", {{"image", "lang.a.compact"}, {"item", item}})
        .Step("serialize", "own", {{"form", "compact"}, {"as", "lang.own"}})
        .Check("equal", {"lang.a.compact", "lang.own.compact"});
    // b: another k and the items after a's; merged into a copy of a (by copy, then by move).
    const int64_t nb = 3 * int64_t{k} + 1;
    b.Step("create", "b", {{"k", 2 * k + 1}, {"item", item}});
    AddEbppsUpdates(b, "b", item, n, nb, EbppsWeights::kUniform, {{"seed", 201}});
    for (const char* how : {"copy", "move"}) {
      const std::string m = absl::StrCat("m_", how);
      b.Step("create", m, {{"k", k}, {"item", item}});
      AddEbppsUpdates(b, m, item, 0, n, w, {{"seed", 101}});
      std::string from = "b";
      if (std::string(how) == "move") {
        from = "b_given";
        b.Step("create", from, {{"k", 2 * k + 1}, {"item", item}});
        AddEbppsUpdates(b, from, item, n, nb, EbppsWeights::kUniform, {{"seed", 201}});
      }
      b.Step("merge", m, {{"from", from}, {"how", how}, {"seed", 301}})
          .Step("query", m, {{"queries", sizes}})
          .Step("serialize", m, {{"form", "compact"}, {"as", absl::StrCat("lang.", m)}});
    }
    b.Check("equal", {"lang.m_copy.compact", "lang.m_move.compact"});

    b.Cross({"lang.a.compact", "lang.m_copy.compact"});
    b.Step("deserialize", "x", {{"image", "lang.a.compact"}, {"item", item}})
        .Step("serialize", "x", {{"form", "compact"}})
        .Step("query", "x", {{"queries", EbppsQueries()}})
        .Step("deserialize", "xm", {{"image", "lang.m_copy.compact"}, {"item", item}})
        .Step("serialize", "xm", {{"form", "compact"}})
        .Step("query", "xm", {{"queries", EbppsQueries()}})
        .Step("merge", "x", {{"from", "xm"}, {"seed", 401}})
        .Step("query", "x", {{"queries", sizes}, {"as", "merged"}})
        .Step("result", "x", {{"as", "lang.merged"}, {"seed", 402}});
    return b.Build();
  }
};

}  // namespace

const Suite& EbppsSamplingSuite() {
  static const EbppsSampling* suite = new EbppsSampling();
  return *suite;
}

}  // namespace dsconform
