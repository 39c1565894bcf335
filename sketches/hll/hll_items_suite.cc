// hll.items: the item kinds other than long: doubles (with -0.0, NaN,
// infinities, subnormals), ASCII and non-ASCII strings, byte arrays.
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {
namespace {

class HllItems final : public Suite {
 public:
  std::string name() const override { return "hll.items"; }
  std::string description() const override {
    return "doubles (signed zeros, NaN, infinities, subnormals), ASCII and UTF-8 strings, byte arrays and random "
           "longs through every target type";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<int> lg_ks = scale == SuiteScale::kSmoke ? std::vector<int>{4, 12} : std::vector<int>{4, 8, 10, 12, 16};
    std::vector<Case> cases;
    for (ItemGenerator generator : HashedItemGenerators()) {
      for (int lg_k : lg_ks) {
        for (const char* type : kHllTypes) {
          for (int64_t n : {int64_t{1}, int64_t{12}, int64_t{100}, int64_t{1000}, int64_t{20000}}) {
            ItemStream items{generator, 0, static_cast<uint64_t>(lg_k), n};
            cases.push_back(CaseBuilder(absl::StrCat("hll/items/gen=", ItemGeneratorName(generator), "/lgk=", lg_k, "/type=", type,
                                                     "/n=", n),
                                        name(), "hll")
                                .Step("create", "a", {{"lg_k", lg_k}, {"type", type}})
                                .Update("a", items)
                                .Step("serialize", "a", {{"form", "compact"}})
                                .Step("serialize", "a", {{"form", "updatable"}})
                                .Step("query", "a", {{"queries", HllSketchQueries()}})
                                .Build());
          }
        }
      }
    }
    return cases;
  }
};

}  // namespace

const Suite& HllItemsSuite() {
  static const HllItems* suite = new HllItems();
  return *suite;
}

}  // namespace dsconform
