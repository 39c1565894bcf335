// varopt.exact: sketches that never sampled (n <= k), longs, ASCII and UTF-8 strings, every
// weight scheme, k from 1 up: no random bit is drawn, so the image, the
// sample, the subset sums and every query must agree bit for bit across
// languages; then the image read, observed and written again by every engine.
#include <set>

#include "absl/strings/str_cat.h"
#include "sketches/varopt/varopt_suites.h"

namespace dsconform {
namespace {

class VaroptExact final : public Suite {
 public:
  std::string name() const override { return "varopt.exact"; }
  std::string description() const override {
    return "n up to k (no sampling), longs and strings, unit/uniform/skewed/one-heavy weights: image, sample, subset "
           "sums, queries, and the image read and written again by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int64_t> ks = scale == SuiteScale::kSmoke ? std::vector<int64_t>{1, 8, 100}
                                                                : std::vector<int64_t>{1, 2, 8, 100, 1000, 4096};
    std::vector<Case> cases;
    for (const char* item : {"long", "string", "utf8"})
      for (int64_t k : ks)
        for (const std::string& scheme : VaroptWeightSchemes())
          for (int64_t n : std::set<int64_t>{0, 1, k / 2, k - 1, k}) {
            if (n == 0 && scheme != "unit") continue;
            cases.push_back(MakeCase(item, k, scheme, n));
          }
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, int64_t k, const std::string& scheme, int64_t n) const {
    CaseBuilder b(absl::StrCat("varopt/exact/item=", item, "/k=", k, "/weights=", scheme, "/n=", n), name(), "varopt");
    b.Step("create", "a", {{"k", k}, {"item", VaroptSlotItem(item)}});
    AddVaroptUpdates(b, "a", item, 0, n, scheme, false);
    b.Step("serialize", "a", {{"form", "compact"}});
    AddVaroptObservations(b, "a", "a", true, k <= kVaroptMaxSampled);
    AddVaroptCross(b, "a.compact", item, 3, k <= kVaroptMaxSampled);
    return b.Build();
  }
};

}  // namespace

const Suite& VaroptExactSuite() {
  static const VaroptExact* suite = new VaroptExact();
  return *suite;
}

}  // namespace dsconform
