// theta.cross_heapify: every image one engine writes (compact ordered and
// unordered, compressed, updatable) read by every engine (heapify, wrap, and
// for the updatable image writable wrap), queried, written again, merged into
// a union; an updatable read is updated further.
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/theta/theta_suites.h"

namespace dsconform {
namespace {

struct Reader {
  const char* image;  // a field of the first stage
  const char* mode;
  bool updatable;     // reads an update sketch, which can go on being updated
};
// Images of update sketches come last: datasketches-cpp writes none, so on its
// images the first of these reads ends the stage.
constexpr Reader kReaders[] = {
    {"o.compact", "heapify", false},    {"o.compact", "wrap", false},       {"o.compressed", "heapify", false},
    {"o.compressed", "wrap", false},    {"u.compact", "heapify", false},    {"u.compact", "wrap", false},
    {"a.updatable", "heapify", true},   {"a.updatable", "wrap", false},     {"a.updatable", "writable_wrap", true},
};

class ThetaCrossHeapify final : public Suite {
 public:
  std::string name() const override { return "theta.cross_heapify"; }
  std::string description() const override {
    return "compact, compressed and updatable images written by one engine, read by every other (heapify, wrap, "
           "writable wrap), queried, re-serialized, unioned and updated further, against the writer's own reading";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> lg_ks = scale == SuiteScale::kSmoke     ? std::vector<int>{5, 10}
                                   : scale == SuiteScale::kReduced ? std::vector<int>{5, 8, 10, 12, 14}
                                                                   : std::vector<int>{5, 6, 8, 10, 12, 14, 16, 18, 21};
    const std::vector<const char*> ps = scale == SuiteScale::kSmoke ? std::vector<const char*>{"1.0"}
                                                                     : std::vector<const char*>{"1.0", "0.5"};
    std::vector<Case> cases;
    for (int lg_k : lg_ks) {
      const int64_t k = int64_t{1} << lg_k;
      const QuickSelectTransitions t = QuickSelectTransitionsFor(lg_k, 3);
      for (const char* p : ps)
        for (int64_t n : {int64_t{0}, int64_t{1}, int64_t{2}, k, t.rebuild_point - 1, t.rebuild_point, 8 * k})
          cases.push_back(MakeCase(lg_k, p, n));
    }
    return cases;
  }

 private:
  Case MakeCase(int lg_k, const char* p, int64_t n) const {
    CaseBuilder b(absl::StrCat("theta/cross/lgk=", lg_k, "/p=", p, "/n=", n), name(), "theta");
    b.Step("create", "a", {{"lg_k", lg_k}, {"p", p}})
        .Update("a", Sequence(0, n))
        .Step("compact", "o", {{"from", "a"}, {"ordered", 1}})
        .Step("compact", "u", {{"from", "a"}, {"ordered", 0}})
        .Step("serialize", "o", {{"form", "compact"}})
        .Step("serialize", "o", {{"form", "compressed"}})
        .Step("serialize", "u", {{"form", "compact"}})
        .Step("serialize", "a", {{"form", "updatable"}})
        .Cross({"o.compact", "o.compressed", "u.compact", "a.updatable"});
    for (const Reader& r : kReaders) {
      std::string s = absl::StrCat(r.image, "_", r.mode);
      for (char& ch : s)
        if (ch == '.') ch = '_';
      b.Step("deserialize", s, {{"image", r.image}, {"mode", r.mode}})
          .Step("query", s, {{"queries", ThetaSketchQueries()}})
          .Step("serialize", s, {{"form", "compact"}});
      // A union reads the sketch as a set operation input, wrapped or not.
      const std::string un = s + "_union";
      b.Step("union", un, {{"lg_k", lg_k}})
          .Step("merge", un, {{"from", s}})
          .Step("result", un + "_result", {{"from", un}, {"ordered", 1}})
          .Step("serialize", un + "_result", {{"form", "compact"}});
      if (!r.updatable) continue;
      // New items, half of them already seen by the writer.
      b.Update(s, Sequence(n / 2, n + 1000))
          .Step("query", s, {{"queries", ThetaSketchQueries()}, {"as", s + ".more"}})
          .Step("serialize", s, {{"form", "updatable"}, {"as", s + ".more"}});
    }
    return b.Build();
  }
};

}  // namespace

const Suite& ThetaCrossHeapifySuite() {
  static const ThetaCrossHeapify* suite = new ThetaCrossHeapify();
  return *suite;
}

}  // namespace dsconform
