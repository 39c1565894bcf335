// cpc.seed: a sketch and a union with a custom seed; images read back with
// that seed, and refused (heapify and union alike) with any other.
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {
namespace {

class CpcSeed final : public Suite {
 public:
  std::string name() const override { return "cpc.seed"; }
  std::string description() const override {
    return "custom-seed sketches and unions, one size inside each flavor: images read with their seed, unions of "
           "that seed, and an image or sketch of a different seed refused by heapify and by a union";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> lg_ks = scale == SuiteScale::kSmoke     ? std::vector<int>{4, 11}
                                   : scale == SuiteScale::kReduced ? std::vector<int>{4, 7, 11, 14}
                                                                   : std::vector<int>{4, 7, 11, 14, 18, 21};
    std::vector<Case> cases;
    for (int lg_k : lg_ks) {
      for (int64_t n : CpcFlavorSizes(lg_k)) {
        cases.push_back(Accepted(lg_k, n));
        for (const char* reader : {"heapify", "union"}) {
          // Written with the custom seed, read with the default; and the other way round.
          cases.push_back(Refused(lg_k, n, reader, kCpcCustomSeed, kCpcDefaultSeed));
          cases.push_back(Refused(lg_k, n, reader, kCpcDefaultSeed, kCpcCustomSeed));
        }
      }
    }
    return cases;
  }

 private:
  Case Accepted(int lg_k, int64_t n) const {
    const int64_t seed = kCpcCustomSeed;
    return CaseBuilder(absl::StrCat("cpc/seed/accept/lgk=", lg_k, "/n=", n), name(), "cpc")
        .Step("create", "a", {{"lg_k", lg_k}, {"seed", seed}})
        .Update("a", Sequence(0, n))
        .Step("serialize", "a", {{"form", "compact"}})
        .Step("query", "a", {{"queries", CpcSketchQueries()}})
        .Step("deserialize", "h", {{"image", "a.compact"}, {"mode", "heapify"}, {"seed", seed}})
        .Step("serialize", "h", {{"form", "compact"}})
        .Step("query", "h", {{"queries", CpcSketchQueries()}})
        .Step("union", "u", {{"lg_k", lg_k}, {"seed", seed}})
        .Step("merge", "u", {{"from", "a"}, {"how", "copy"}})
        .Step("merge", "u", {{"from", "h"}, {"how", "copy"}})
        .Step("result", "r", {{"from", "u"}})
        .Step("serialize", "r", {{"form", "compact"}})
        .Step("query", "r", {{"queries", CpcSketchQueries()}})
        // A union of a smaller lgK: a sparse input is walked into the union's own accumulator.
        .Step("union", "d", {{"lg_k", lg_k > 4 ? lg_k - 1 : 4}, {"seed", seed}})
        .Step("merge", "d", {{"from", "a"}, {"how", "copy"}})
        .Step("result", "dr", {{"from", "d"}})
        .Step("serialize", "dr", {{"form", "compact"}})
        .Step("query", "dr", {{"queries", CpcSketchQueries()}})
        // An empty union of that seed: its result is what the union starts from.
        .Step("union", "e", {{"lg_k", lg_k}, {"seed", seed}})
        .Step("result", "er", {{"from", "e"}})
        .Step("serialize", "er", {{"form", "compact"}})
        .Step("query", "er", {{"queries", CpcSketchQueries()}})
        .Check("cpc_image_consistent", {"a.compact", "h.compact", "r.compact", "dr.compact", "er.compact"})
        .Build();
  }

  Case Refused(int lg_k, int64_t n, const std::string& reader, int64_t written, int64_t read) const {
    CaseBuilder b(absl::StrCat("cpc/seed/refuse/", reader, "/lgk=", lg_k, "/n=", n, "/written=", written, "/read=", read),
                  name(), "cpc");
    b.Step("create", "a", {{"lg_k", lg_k}, {"seed", written}})
        .Update("a", Sequence(0, n))
        .Step("serialize", "a", {{"form", "compact"}});
    if (reader == "heapify") {
      b.Step("deserialize", "h", {{"image", "a.compact"}, {"mode", "heapify"}, {"seed", read}})
          .Step("query", "h", {{"queries", CpcSketchQueries()}});
    } else {
      b.Step("union", "u", {{"lg_k", lg_k}, {"seed", read}})
          .Step("merge", "u", {{"from", "a"}, {"how", "copy"}})
          .Step("result", "r", {{"from", "u"}})
          .Step("serialize", "r", {{"form", "compact"}});
    }
    return b.Build();
  }
};

}  // namespace

const Suite& CpcSeedSuite() {
  static const CpcSeed* suite = new CpcSeed();
  return *suite;
}

}  // namespace dsconform
