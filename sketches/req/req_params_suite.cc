// req.params: what each library makes of a k outside the even 4..1024 the
// Java, Go and Rust APIs accept (below 4, odd, above 1024), and of a merge of
// sketches of the two rank accuracy modes, which every library refuses. A
// library that accepts a k says which k it took (the query `k`, the image).
#include "absl/strings/str_cat.h"
#include "sketches/req/req_suites.h"

namespace dsconform {
namespace {

class ReqParams final : public Suite {
 public:
  std::string name() const override { return "req.params"; }
  std::string description() const override {
    return "sketches of k 0, 2, 3, 5, 13, 1025 and 4096 (outside the even 4..1024), 10 items each, and a merge of "
           "an LRA sketch into an HRA one: what each library accepts, refuses or makes of them";
  }

  std::vector<Case> Generate(SuiteScale /*scale*/) const override {
    std::vector<Case> cases;
    for (bool hra : {true, false})
      for (int k : {0, 2, 3, 5, 13, 1025, 4096}) cases.push_back(KCase(k, hra));
    for (int k : {4, 12}) cases.push_back(MixedModesCase(k));
    return cases;
  }

 private:
  Case KCase(int k, bool hra) const {
    CaseBuilder b(absl::StrCat("req/params/mode=", ReqModeName(hra), "/k=", k), name(), "req");
    AddReqCreate(b, "a", k, hra);
    b.Update("a", ReqItems(0, 10, ItemOrder::kShuffled, 41))
        .Step("serialize", "a", {{"form", "compact"}})
        .Step("query", "a", {{"queries", {"k", "n", "num_retained", "is_estimation_mode"}}});
    return b.Build();
  }

  Case MixedModesCase(int k) const {
    CaseBuilder b(absl::StrCat("req/params/merge=hra_lra/k=", k), name(), "req");
    AddReqCreate(b, "h", k, true);
    b.Update("h", ReqItems(0, 5, ItemOrder::kShuffled, 42));
    AddReqCreate(b, "l", k, false);
    b.Update("l", ReqItems(5, 5, ItemOrder::kShuffled, 43))
        .Step("merge", "h", {{"from", "l"}})
        .Step("query", "h", {{"queries", {"n"}}});
    return b.Build();
  }
};

}  // namespace

const Suite& ReqParamsSuite() {
  static const ReqParams* suite = new ReqParams();
  return *suite;
}

}  // namespace dsconform
