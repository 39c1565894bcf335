// ebpps.weights: the weights at the edges on one item, after three of weight 1
// (k = 10: no draw): zero, negative, NaN, infinities, the smallest subnormal and
// the largest double: refused alike, or taken, and what the sketch is after it
// (its image and queries, then one more item). And a first item of such a weight
// (but a subnormal one: EB1).
#include <string>

#include "absl/strings/str_cat.h"
#include "sketches/ebpps/ebpps_suites.h"

namespace dsconform {
namespace {

struct Edge {
  const char* name;
  const char* weight;
};
constexpr Edge kEdges[] = {{"zero", "0"},           {"negative", "-1"},          {"nan", "nan"},
                           {"inf", "inf"},          {"minus_inf", "-inf"},       {"subnormal", "4.9e-324"},
                           {"tiny", "1e-300"},      {"max", "1.7976931348623157e308"}, {"minus_zero", "-0.0"}};

class EbppsWeightsEdges final : public Suite {
 public:
  std::string name() const override { return "ebpps.weights"; }
  std::string description() const override {
    return "zero, negative, NaN, infinite, subnormal and largest weights on one item, first or after three of "
           "weight 1: refused or taken, and what the sketch is after";
  }

  std::vector<Case> Generate(SuiteScale /*scale*/) const override {
    std::vector<Case> cases;
    for (const char* item : {"long", "string"})
      for (const Edge& e : kEdges)
        for (int64_t before : {0, 3}) {
          // A first item of subnormal weight crashes datasketches-cpp (EB1, docs/findings-ebpps.md),
          // and with it the process of an in-process engine: proved by the finding's program instead.
          if (before == 0 && std::string(e.name) == "subnormal") continue;
          cases.push_back(MakeCase(item, e, before));
        }
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, const Edge& e, int64_t before) const {
    CaseBuilder b(absl::StrCat("ebpps/weights/item=", item, "/weight=", e.name, "/before=", before), name(), "ebpps");
    b.Step("create", "a", {{"k", 10}, {"item", item}});
    if (before > 0) b.Update("a", EbppsItems(item, 0, before));
    b.Update("a", EbppsItems(item, before, 1), {{"weight", e.weight}})
        .Step("query", "a", {{"queries", EbppsQueries()}})
        .Step("serialize", "a", {{"form", "compact"}})
        .Update("a", EbppsItems(item, before + 1, 1))
        .Step("query", "a", {{"queries", EbppsQueries()}, {"as", "after"}})
        .Step("serialize", "a", {{"form", "compact"}, {"as", "after"}});
    return b.Build();
  }
};

}  // namespace

const Suite& EbppsWeightsSuite() {
  static const EbppsWeightsEdges* suite = new EbppsWeightsEdges();
  return *suite;
}

}  // namespace dsconform
