// req.cross: estimation mode across languages. Each engine builds a sketch
// past its first compaction with its random bits pinned (so its image is its
// own: a "lang." field that two builds of one library must write alike),
// then every engine reads that image, answers every query at both search
// criteria and writes it again: reader and writer must agree bit for bit,
// and the writer must get its own bytes back (A -> B -> A reproduces A).
// The reader then continues the sketch with pinned bits (heapify and
// continue), an image of its own language again.
#include <set>

#include "absl/strings/str_cat.h"
#include "sketches/req/req_suites.h"

namespace dsconform {
namespace {

class ReqCross final : public Suite {
 public:
  std::string name() const override { return "req.cross"; }
  std::string description() const override {
    return "estimation-mode images in both rank accuracy modes (n from the first compaction through many; values "
           "from -n/2) written by one engine with pinned random bits, read by every other: every query (inclusive "
           "and exclusive), bounds and RSE, the re-written image, and the image read and continued with pinned bits";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{4, 12}
                                : scale == SuiteScale::kReduced ? std::vector<int>{4, 12, 50, 100}
                                                                : std::vector<int>{4, 6, 12, 50, 100, 1024};
    const int levels = scale == SuiteScale::kSmoke ? 3 : scale == SuiteScale::kReduced ? 7 : 10;
    const std::vector<ItemOrder> orders =
        scale == SuiteScale::kSmoke ? std::vector<ItemOrder>{ItemOrder::kShuffled}
                                    : std::vector<ItemOrder>{ItemOrder::kAscending, ItemOrder::kDescending,
                                                             ItemOrder::kShuffled};
    std::vector<Case> cases;
    for (bool hra : {true, false})
      for (int k : ks)
        for (int64_t n : Sizes(k, levels, 2000000))
          for (ItemOrder order : orders) cases.push_back(MakeCase(k, hra, n, order));
    return cases;
  }

  // The first compaction and both sides of 6k * 2^j, j = 1..levels-1: each
  // doubling of n adds about one level of compactors.
  static std::vector<int64_t> Sizes(int k, int levels, int64_t max_n) {
    std::set<int64_t> sizes = {ReqFirstCompaction(k), ReqFirstCompaction(k) + 1};
    for (int j = 1; j < levels; ++j) {
      const int64_t edge = ReqFirstCompaction(k) << j;
      sizes.insert({edge - 1, edge + 1});
    }
    std::vector<int64_t> out;
    for (int64_t n : sizes)
      if (n <= max_n) out.push_back(n);
    return out;
  }

 private:
  Case MakeCase(int k, bool hra, int64_t n, ItemOrder order) const {
    CaseBuilder b(absl::StrCat("req/cross/mode=", ReqModeName(hra), "/k=", k, "/n=", n,
                               "/order=", ItemOrderName(order)),
                  name(), "req");
    // Values from -n/2: negative items, and zero among them.
    const int64_t start = -n / 2;
    AddReqCreate(b, "a", k, hra);
    b.Update("a", ReqItems(start, n, order, 11), {{"seed", 4242}})
        .Step("serialize", "a", {{"form", "compact"}, {"as", "lang.a"}})
        .Step("deserialize", "own", {{"image", "lang.a.compact"}, {"item", "float"}})
        .Step("serialize", "own", {{"form", "compact"}, {"as", "lang.own"}})
        .Check("equal", {"lang.a.compact", "lang.own.compact"})
        .Cross({"lang.a.compact"});
    b.Step("deserialize", "r", {{"image", "lang.a.compact"}, {"item", "float"}})
        .Step("serialize", "r", {{"form", "compact"}});
    AddReqQuery(b, "r", "r", start, n);
    // Heapify and continue with the reader's own pinned bits: as many items again.
    b.Step("deserialize", "cont", {{"image", "lang.a.compact"}, {"item", "float"}, {"seed", 77}})
        .Update("cont", ReqItems(start + n, n, order, 12), {{"seed", 78}})
        .Step("serialize", "cont", {{"form", "compact"}, {"as", "lang.cont"}})
        .Step("query", "cont", {{"queries", {"n", "num_retained", "min", "max"}}, {"as", "lang.cont"}});
    return b.Build();
  }
};

}  // namespace

const Suite& ReqCrossSuite() {
  static const ReqCross* suite = new ReqCross();
  return *suite;
}

}  // namespace dsconform
