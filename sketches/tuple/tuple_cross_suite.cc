// tuple.cross: images written by one engine, read by every other (heapify and
// wrap, the summaries read as the writer's), queried with their summaries,
// written again, compacted, unioned with a sketch of the reader's own; an updatable image
// (Java) read as an update sketch and updated further; every image read with
// another seed, which both libraries must refuse.
#include "absl/strings/str_cat.h"
#include "harness/family/quickselect_transitions.h"
#include "sketches/tuple/tuple_suites.h"

namespace dsconform {
namespace {

class TupleCross final : public Suite {
 public:
  std::string name() const override { return "tuple.cross"; }
  std::string description() const override {
    return "compact (ordered, unordered) and updatable images of every summary written by one engine, read by every "
           "other (heapify, wrap), queried, re-serialized, unioned and updated further; a wrong seed refused";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> lg_ks = scale == SuiteScale::kSmoke     ? std::vector<int>{5}
                                   : scale == SuiteScale::kReduced ? std::vector<int>{5, 10, 12}
                                                                   : std::vector<int>{5, 10, 12, 16};
    std::vector<Case> cases;
    for (const TupleSummary& s : AllTupleSummaries())
      for (int lg_k : lg_ks) {
        const int64_t k = int64_t{1} << lg_k;
        const QuickSelectTransitions t = QuickSelectTransitionsFor(lg_k, 3);
        for (int64_t n : {int64_t{0}, int64_t{1}, k, t.rebuild_point, 4 * k})
          // One case per image read: a reader that throws (an image it cannot read) ends its stage.
          for (const char* read : {"o.compact", "u.compact", "a.updatable", "wrong_seed"})
            cases.push_back(MakeCase(s, lg_k, n, read));
      }
    return cases;
  }

 private:
  Case MakeCase(const TupleSummary& s, int lg_k, int64_t n, const std::string& read) const {
    CaseBuilder b(absl::StrCat("tuple/cross/", s.id(), "/lgk=", lg_k, "/n=", n, "/read=", read), name(), "tuple");
    nlohmann::ordered_json create = s.members();
    create["lg_k"] = lg_k;
    const bool summaries = lg_k <= 12;
    b.Step("create", "a", create)
        .Update("a", Sequence(0, n), TupleValues(s, 1, 2))
        .Step("compact", "o", {{"from", "a"}, {"ordered", 1}})
        .Step("compact", "u", {{"from", "a"}, {"ordered", 0}})
        .Step("serialize", "o", {{"form", "compact"}})
        .Step("serialize", "u", {{"form", "compact"}})
        .Step("serialize", "a", {{"form", "updatable"}})
        .Cross({"o.compact", "u.compact", "a.updatable"});
    // The reader's own sketch, half of its keys the writer's.
    b.Step("create", "mine", create).Update("mine", Sequence(n / 2, n + 100), TupleValues(s, -3, 1));
    if (read == "wrong_seed") {
      // Another seed: both libraries must refuse the image.
      nlohmann::ordered_json wrong = s.members();
      wrong.update({{"image", "o.compact"}, {"mode", "heapify"}, {"seed", kTupleCustomSeed}});
      b.Step("deserialize", "wrong_seed", wrong).Step("query", "wrong_seed", {{"queries", {"estimate"}}});
      return b.Build();
    }
    {
      const std::string image = read;
      for (const char* mode : {"heapify", "wrap"}) {
        std::string r = absl::StrCat(image, "_", mode);
        for (char& ch : r)
          if (ch == '.') ch = '_';
        nlohmann::ordered_json read = s.members();
        read.update({{"image", image}, {"mode", mode}});
        b.Step("deserialize", r, read)
            .Step("query", r, {{"queries", TupleSketchQueries(summaries)}})
            .Step("serialize", r, {{"form", "compact"}})
            // The sketch read, compacted anew: the reader's own copy, not the bytes it read.
            .Step("compact", r + "_c", {{"from", r}, {"ordered", 1}})
            .Step("serialize", r + "_c", {{"form", "compact"}});
        // A union of the reader's own sketch and the image.
        nlohmann::ordered_json u = s.members();
        u["lg_k"] = lg_k;
        const std::string un = r + "_union";
        b.Step("union", un, u)
            .Step("merge", un, {{"from", r}})
            .Step("merge", un, {{"from", "mine"}})
            .Step("result", un + "_r", {{"from", un}, {"ordered", 1}})
            .Step("query", un + "_r", {{"queries", TupleSketchQueries(summaries)}})
            .Step("serialize", un + "_r", {{"form", "compact"}});
      }
    }
    if (read != "a.updatable") return b.Build();
    // The updatable image read as an update sketch: more items, half of them seen.
    b.Update("a_updatable_heapify", Sequence(n / 2, n + 100), TupleValues(s, 7, -1))
        .Step("query", "a_updatable_heapify", {{"queries", TupleSketchQueries(summaries)}, {"as", "a_updatable_heapify.more"}})
        .Step("serialize", "a_updatable_heapify", {{"form", "compact"}, {"as", "a_updatable_heapify.more"}});
    return b.Build();
  }
};

}  // namespace

const Suite& TupleCrossSuite() {
  static const TupleCross* suite = new TupleCross();
  return *suite;
}

}  // namespace dsconform
