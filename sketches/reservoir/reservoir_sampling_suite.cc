// reservoir.sampling: n past k. Neither library can pin its random bits, so
// what the sample holds is each engine's own ("lang." fields, compared with no
// other engine); n, k and the sample's size are compared everywhere. Across
// languages: each engine's image read by every other answers with the same
// sample and subset sums and is written again with the writer's bytes (A -> B
// -> A), and continues (n and k) after the read; a union of sketches of
// different k, past k, likewise.
#include "absl/strings/str_cat.h"
#include "sketches/reservoir/reservoir_suites.h"

namespace dsconform {
namespace {

class ReservoirSampling final : public Suite {
 public:
  std::string name() const override { return "reservoir.sampling"; }
  std::string description() const override {
    return "long/string/double sketches past k (k+1, 10k, 1000k): n, k and sample size everywhere, the sample within "
           "an engine, each image read by every other (same answers, same bytes back), continued; unions of "
           "different k";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{2, 10}
                                : scale == SuiteScale::kReduced ? std::vector<int>{1, 2, 10, 128, 1000}
                                                                : std::vector<int>{1, 2, 3, 10, 128, 1000, 4096, 65536};
    const std::vector<int64_t> mults =
        scale == SuiteScale::kSmoke ? std::vector<int64_t>{10} : std::vector<int64_t>{0, 10, 1000};
    std::vector<Case> cases;
    for (const ReservoirKind& kind : ReservoirKinds())
      for (int k : ks)
        for (int64_t mult : mults) {
          const int64_t n = mult == 0 ? int64_t{k} + 1 : int64_t{k} * mult;
          if (n > 2000000) continue;
          cases.push_back(MakeCase(kind, k, n));
        }
    return cases;
  }

 private:
  Case MakeCase(const ReservoirKind& kind, int k, int64_t n) const {
    CaseBuilder b(absl::StrCat("reservoir/sampling/", kind.Id(), "/k=", k, "/n=", n), name(), "reservoir");
    const nlohmann::ordered_json queries = ReservoirSketchQueries(k);
    const nlohmann::ordered_json sizes = {"n", "k", "num_samples"};
    const nlohmann::ordered_json drawn =
        k > kReservoirListedK ? nlohmann::ordered_json{"subset_sum"} : nlohmann::ordered_json{"samples", "subset_sum"};
    const auto create = [&](const std::string& slot, int64_t slot_k) {
      nlohmann::ordered_json args = {{"k", slot_k}};
      args.update(kind.Args());
      b.Step("create", slot, args);
    };
    const auto read = [&](const std::string& op, const std::string& slot, const std::string& image) {
      nlohmann::ordered_json args = {{"image", image}};
      args.update(kind.Args());
      b.Step(op, slot, args);
    };
    create("a", k);
    b.Update("a", ReservoirItems(kind.item, 0, n))
        .Step("query", "a", {{"queries", sizes}})
        .Step("query", "a", {{"queries", drawn}, {"as", "lang.a"}})
        .Step("serialize", "a", {{"form", "compact"}, {"as", "lang.a"}});
    read("deserialize", "own", "lang.a.compact");
    b.Step("serialize", "own", {{"form", "compact"}, {"as", "lang.own"}})
        .Check("equal", {"lang.a.compact", "lang.own.compact"});

    // b: another k, past it too; the union's max_k between theirs.
    const int64_t kb = 2 * int64_t{k} + 1, nb = 3 * kb;
    create("b", kb);
    b.Update("b", ReservoirItems(kind.item, n, nb));
    nlohmann::ordered_json union_args = {{"max_k", k + 1}};
    union_args.update(kind.Args());
    b.Step("create_union", "u", union_args)
        .Step("union", "u", {{"from", "a"}})
        .Step("union", "u", {{"from", "b"}})
        .Step("serialize", "u", {{"form", "compact"}, {"as", "lang.u"}})
        .Step("get_result", "r", {{"from", "u"}})
        .Step("query", "r", {{"queries", sizes}});

    b.Cross({"lang.a.compact", "lang.u.compact"});
    read("deserialize", "x", "lang.a.compact");
    b.Step("serialize", "x", {{"form", "compact"}}).Step("query", "x", {{"queries", queries}});
    b.Update("x", ReservoirItems(kind.item, n + nb, k)).Step("query", "x", {{"queries", sizes}, {"as", "continued"}});
    read("deserialize_union", "xu", "lang.u.compact");
    b.Step("serialize", "xu", {{"form", "compact"}})
        .Step("get_result", "xr", {{"from", "xu"}})
        .Step("query", "xr", {{"queries", queries}});
    return b.Build();
  }
};

}  // namespace

const Suite& ReservoirSamplingSuite() {
  static const ReservoirSampling* suite = new ReservoirSampling();
  return *suite;
}

}  // namespace dsconform
