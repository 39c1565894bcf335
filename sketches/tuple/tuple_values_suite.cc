// tuple.values: the summaries themselves under special and negative values:
// NaN, +-infinity and -0.0 arriving on existing keys and on new ones, for
// every double mode and for aod; negative and extreme values for the int
// modes; then the same sketch through a union with a second one, so the
// summary set operation meets them too.
#include "absl/strings/str_cat.h"
#include "sketches/tuple/tuple_suites.h"

namespace dsconform {
namespace {

class TupleSpecialValues final : public Suite {
 public:
  std::string name() const override { return "tuple.values"; }
  std::string description() const override {
    return "summaries under NaN, +-infinity, -0.0 and negative values, on existing and new keys, in update sketches "
           "and through a union, for every summary mode";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Case> cases;
    const std::vector<int> lg_ks = scale == SuiteScale::kSmoke ? std::vector<int>{5} : std::vector<int>{5, 12};
    for (const TupleSummary& s : AllTupleSummaries())
      // An aos summary has no special values: tuple.matrix gives it empty and non-ASCII strings.
      if (!s.is_aos())
        for (int lg_k : lg_ks) cases.push_back(MakeCase(s, lg_k));
    return cases;
  }

 private:
  Case MakeCase(const TupleSummary& s, int lg_k) const {
    CaseBuilder b(absl::StrCat("tuple/values/", s.id(), "/lgk=", lg_k), name(), "tuple");
    nlohmann::ordered_json create = s.members();
    create["lg_k"] = lg_k;
    b.Step("create", "a", create).Update("a", Sequence(0, 40), TupleValues(s, -7, 3));
    if (s.name == "int_sum") {
      // The library's sum is `+=` on int32_t: no overflow, so extremes on new keys only.
      b.Update("a", Sequence(0, 10), {{"value", "-1000000"}, {"value_step", "-1"}})
          .Update("a", Sequence(40, 10), {{"value", "2147483000"}, {"value_step", "0"}});
    } else if (s.is_int()) {
      // Negative and extreme ints on existing keys and new ones.
      b.Update("a", Sequence(0, 10), {{"value", "-2147483648"}, {"value_step", "0"}})
          .Update("a", Sequence(10, 10), {{"value", "2147483647"}, {"value_step", "0"}})
          .Update("a", Sequence(40, 10), {{"value", "-1"}, {"value_step", "-1000"}});
    } else {
      int64_t start = 0;
      for (const char* special : {"nan", "inf", "-inf", "-0"}) {
        b.Update("a", Sequence(start, 5), {{"special", special}});       // existing keys
        b.Update("a", Sequence(40 + start, 5), {{"special", special}});  // new keys
        start += 5;
      }
      b.Update("a", Sequence(0, 60), {{"value", "-0.5"}, {"value_step", "-0.25"}});
    }
    nlohmann::ordered_json u = s.members();
    u["lg_k"] = lg_k;
    b.Step("query", "a", {{"queries", TupleSketchQueries(true)}})
        .Step("serialize", "a", {{"form", "compact"}})
        .Step("create", "b", create)
        .Update("b", Sequence(20, 40), TupleValues(s, 5, -1))
        .Step("union", "u", u)
        .Step("merge", "u", {{"from", "a"}})
        .Step("merge", "u", {{"from", "b"}})
        .Step("result", "r", {{"from", "u"}, {"ordered", 1}})
        .Step("query", "r", {{"queries", TupleSketchQueries(true)}})
        .Step("serialize", "r", {{"form", "compact"}});
    return b.Build();
  }
};

}  // namespace

const Suite& TupleValuesSuite() {
  static const TupleSpecialValues* suite = new TupleSpecialValues();
  return *suite;
}

}  // namespace dsconform
