// varopt.weights: the weights at the edges, in exact mode (no random bits):
// zero, negative zero, negative, NaN, the infinities (do the libraries refuse
// them alike?), the smallest subnormal and the largest double, each given to
// one item after three of weight 1; what the sketch is after it, then one more
// item. And weights whose sum overflows, past k (random bits pinned).
#include "absl/strings/str_cat.h"
#include "sketches/varopt/varopt_suites.h"

namespace dsconform {
namespace {

struct Edge {
  const char* name;
  const char* weight;
};

constexpr Edge kEdges[] = {{"zero", "0"},       {"negative_zero", "-0"}, {"negative", "-1"},
                           {"nan", "nan"},      {"inf", "inf"},          {"negative_inf", "-inf"},
                           {"subnormal", "4.9406564584124654e-324"},     {"max", "1.7976931348623157e308"}};

class VaroptWeights final : public Suite {
 public:
  std::string name() const override { return "varopt.weights"; }
  std::string description() const override {
    return "zero, negative, NaN, infinite, subnormal and largest weights on one item: refused or taken, and what "
           "the sketch is after; weights whose sum overflows";
  }

  std::vector<Case> Generate(SuiteScale /*scale*/) const override {
    std::vector<Case> cases;
    for (const char* item : {"long", "string"}) {
      for (const Edge& e : kEdges) cases.push_back(EdgeCase(item, e));
      cases.push_back(OverflowCase(item));
    }
    return cases;
  }

 private:
  Case EdgeCase(const std::string& item, const Edge& e) const {
    CaseBuilder b(absl::StrCat("varopt/weights/item=", item, "/weight=", e.name), name(), "varopt");
    b.Step("create", "a", {{"k", 8}, {"item", item}});
    b.Update("a", VaroptItems(item, 0, 3));
    b.Step("serialize", "a", {{"form", "compact"}, {"as", "before"}});
    // A refusal ends the stage here: the fields above say what the sketch was.
    b.Update("a", VaroptItems(item, 3, 1), {{"weight", e.weight}});
    b.Step("serialize", "a", {{"form", "compact"}});
    AddVaroptObservations(b, "a", "a", true, true);
    b.Update("a", VaroptItems(item, 4, 1));
    b.Step("serialize", "a", {{"form", "compact"}, {"as", "a_more"}});
    b.Step("query", "a", {{"queries", {"n", "num_samples"}}, {"as", "a_more"}});
    AddVaroptCross(b, "a.compact", item, 0, true);
    return b.Build();
  }

  Case OverflowCase(const std::string& item) const {
    CaseBuilder b(absl::StrCat("varopt/weights/item=", item, "/weight=sum_overflow"), name(), "varopt");
    b.Step("create", "a", {{"k", 2}, {"item", item}});
    b.Update("a", VaroptItems(item, 0, 4), {{"weight", "1.7976931348623157e308"}, {"seed", kVaroptSeed}});
    b.Step("query", "a", {{"queries", {"k", "n", "num_samples"}}});
    b.Step("serialize", "a", {{"form", "compact"}, {"as", "lang.a"}});
    AddVaroptObservations(b, "a", "lang.a", true, true);
    AddVaroptCross(b, "lang.a.compact", item, 0, true);
    return b.Build();
  }
};

}  // namespace

const Suite& VaroptWeightsSuite() {
  static const VaroptWeights* suite = new VaroptWeights();
  return *suite;
}

}  // namespace dsconform
