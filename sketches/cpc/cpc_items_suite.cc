// cpc.items: the item kinds other than sequential longs: doubles (with -0.0,
// NaN, infinities, subnormals), ASCII and non-ASCII strings, byte arrays
// (empty ones among them), random longs.
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {
namespace {

class CpcItems final : public Suite {
 public:
  std::string name() const override { return "cpc.items"; }
  std::string description() const override {
    return "doubles (signed zeros, NaN, infinities, subnormals), ASCII and UTF-8 strings, byte arrays and random "
           "longs into sketches of several lgK: image, estimate and bounds";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> lg_ks = scale == SuiteScale::kSmoke ? std::vector<int>{4, 11} : std::vector<int>{4, 8, 11, 14};
    std::vector<Case> cases;
    for (ItemGenerator generator : HashedItemGenerators()) {
      for (int lg_k : lg_ks) {
        for (int64_t n : {int64_t{1}, int64_t{12}, int64_t{100}, int64_t{1000}, int64_t{20000}}) {
          // The generators' seed and start: the lgK, so every lgK sees other items.
          ItemStream items{generator, lg_k, static_cast<uint64_t>(lg_k), n};
          cases.push_back(CaseBuilder(absl::StrCat("cpc/items/gen=", ItemGeneratorName(generator), "/lgk=", lg_k, "/n=", n), name(), "cpc")
                              .Step("create", "a", {{"lg_k", lg_k}})
                              .Update("a", items)
                              .Step("serialize", "a", {{"form", "compact"}})
                              .Step("query", "a", {{"queries", CpcSketchQueries()}})
                              .Check("cpc_image_consistent", {"a.compact"})
                              .Build());
        }
      }
    }
    return cases;
  }
};

}  // namespace

const Suite& CpcItemsSuite() {
  static const CpcItems* suite = new CpcItems();
  return *suite;
}

}  // namespace dsconform
