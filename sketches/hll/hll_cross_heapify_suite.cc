// hll.cross_heapify: every image one engine writes is read by every engine
// (heapify; in Java also wrap and writable wrap), re-serialized, queried and
// updated further; compared with the writer reading its own image.
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {
namespace {

struct Reader {
  const char* image;  // compact or updatable
  const char* mode;
  bool continues;     // a read-only wrap cannot be updated
};
constexpr Reader kReaders[] = {
    {"compact", "heapify", true},   {"updatable", "heapify", true},      {"compact", "wrap", false},
    {"updatable", "wrap", false},   {"updatable", "writable_wrap", true},
};

class HllCrossHeapify final : public Suite {
 public:
  std::string name() const override { return "hll.cross_heapify"; }
  std::string description() const override {
    return "images written by one engine read by every other (heapify, wrap, writable wrap), re-serialized, "
           "queried and updated further, against the writer's own continuation";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<int> lg_ks = scale == SuiteScale::kSmoke ? std::vector<int>{4, 8, 12}
                             : scale == SuiteScale::kReduced ? std::vector<int>{4, 7, 8, 10, 12, 14}
                                                             : std::vector<int>{4, 5, 7, 8, 10, 12, 14, 16, 18, 21};
    std::vector<Case> cases;
    for (int lg_k : lg_ks) {
      const int64_t k = int64_t{1} << lg_k;
      const HllTransitions t = HllTransitionsFor(lg_k);
      std::vector<int64_t> sizes = {0, 1, t.last_list, t.last_list + 1, k, 4 * k};
      if (t.last_set > 0) sizes.insert(sizes.begin() + 4, {t.last_set, t.last_set + 1});
      for (const char* type : kHllTypes)
        for (int64_t n : sizes) cases.push_back(MakeCase(lg_k, type, n));
    }
    return cases;
  }

 private:
  Case MakeCase(int lg_k, const char* type, int64_t n) const {
    CaseBuilder b(absl::StrCat("hll/cross/lgk=", lg_k, "/type=", type, "/n=", n), name(), "hll");
    b.Step("create", "a", {{"lg_k", lg_k}, {"type", type}})
        .Update("a", Sequence(0, n))
        .Step("serialize", "a", {{"form", "compact"}})
        .Step("serialize", "a", {{"form", "updatable"}})
        .Cross({"a.compact", "a.updatable"});
    for (const Reader& r : kReaders) {
      const std::string s = absl::StrCat(r.image, "_", r.mode);
      b.Step("deserialize", s, {{"image", absl::StrCat("a.", r.image)}, {"mode", r.mode}})
          .Step("query", s, {{"queries", HllSketchQueries()}})
          .Step("serialize", s, {{"form", "compact"}})
          .Step("serialize", s, {{"form", "updatable"}});
      if (!r.continues) continue;
      // New items, half of them already seen by the writer.
      b.Update(s, Sequence(n / 2, n + 1000))
          .Step("query", s, {{"queries", HllSketchQueries()}, {"as", s + ".more"}})
          .Step("serialize", s, {{"form", "compact"}, {"as", s + ".more"}})
          .Step("serialize", s, {{"form", "updatable"}, {"as", s + ".more"}});
    }
    return b.Build();
  }
};

}  // namespace

const Suite& HllCrossHeapifySuite() {
  static const HllCrossHeapify* suite = new HllCrossHeapify();
  return *suite;
}

}  // namespace dsconform
