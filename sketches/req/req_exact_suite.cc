// req.exact: sketches whose level 0 never reached its nominal capacity
// (n < 6k) hold every item and draw no random bit, so every library must
// agree bit for bit: the image, every query at both search criteria, the
// image read back and written again, reading and continuing to update, a
// merge that stays exact, and (cross stage) each engine's image read by
// every other. Both rank accuracy modes, and the raw-items image (n <= 4).
// Every step that could draw a bit carries a seed all the same: datasketches-cpp
// cuts a k of 256 or more to its low 8 bits (RQ12) and compacts, and its reader
// draws a coin per level, so unpinned its records changed from run to run.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "sketches/req/req_suites.h"

namespace dsconform {
namespace {

class ReqExact final : public Suite {
 public:
  std::string name() const override { return "req.exact"; }
  std::string description() const override {
    return "float sketches in both rank accuracy modes with n below 6k (no compaction), values from -n/2, several "
           "input orders and duplicated input: images, every query (inclusive and exclusive), round trip, "
           "heapify-and-continue, a merge within 6k, and each image read by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{4, 12}
                                : scale == SuiteScale::kReduced ? std::vector<int>{4, 6, 12, 50, 100, 1024}
                                                                : std::vector<int>{4, 6, 8, 12, 50, 100, 1024};
    const std::vector<ItemOrder> orders =
        scale == SuiteScale::kSmoke
            ? std::vector<ItemOrder>{ItemOrder::kShuffled}
            : std::vector<ItemOrder>{ItemOrder::kAscending, ItemOrder::kDescending, ItemOrder::kShuffled,
                                     ItemOrder::kAlternating};
    std::vector<Case> cases;
    for (bool hra : {true, false})
      for (int k : ks) {
        const int64_t last = ReqFirstCompaction(k) - 1;
        std::vector<int64_t> sizes = {0, 1, 4, 5, k, last};
        if (scale == SuiteScale::kSmoke) sizes = {0, 1, 5, last};
        std::sort(sizes.begin(), sizes.end());
        sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
        for (int64_t n : sizes)
          for (ItemOrder order : orders) {
            cases.push_back(MakeCase(k, hra, n, order, false));
            if (n >= 2 && n % 2 == 0) cases.push_back(MakeCase(k, hra, n, order, true));
          }
      }
    return cases;
  }

 private:
  // `duplicated`: the n items are n/2 values, each twice (two passes over one stream).
  Case MakeCase(int k, bool hra, int64_t n, ItemOrder order, bool duplicated) const {
    CaseBuilder b(absl::StrCat("req/exact/mode=", ReqModeName(hra), "/k=", k, "/n=", n,
                               "/order=", ItemOrderName(order), duplicated ? "/input=duplicated" : ""),
                  name(), "req");
    const int64_t values = duplicated ? n / 2 : n;
    const int64_t start = -values / 2;  // negative items, and zero among them
    AddReqCreate(b, "a", k, hra);
    b.Update("a", ReqItems(start, values, order, 5), {{"seed", 5}});
    if (duplicated) b.Update("a", ReqItems(start, values, order, 6), {{"seed", 6}});
    b.Step("serialize", "a", {{"form", "compact"}});
    AddReqQuery(b, "a", "a", start, values);
    b.Step("deserialize", "rt", {{"image", "a.compact"}, {"item", "float"}, {"seed", 8}})
        .Step("serialize", "rt", {{"form", "compact"}})
        .Check("equal", {"a.compact", "rt.compact"});
    // Heapify and continue: b's items join what the image held, still below 6k.
    const int64_t nb = std::max<int64_t>(0, std::min<int64_t>(values, ReqFirstCompaction(k) - 1 - n));
    AddReqCreate(b, "b", k, hra);
    b.Update("b", ReqItems(start + values, nb, order, 7), {{"seed", 7}});
    b.Step("deserialize", "cont", {{"image", "a.compact"}, {"item", "float"}, {"seed", 9}})
        .Update("cont", ReqItems(start + values, nb, order, 7), {{"seed", 10}})
        .Step("serialize", "cont", {{"form", "compact"}});
    b.Step("merge", "a", {{"from", "b"}, {"seed", 11}}).Step("serialize", "a", {{"form", "compact"}, {"as", "merged"}});
    AddReqQuery(b, "a", "merged", start, values + nb);
    b.Cross({"a.compact", "merged.compact"});
    const struct { const char* image; const char* slot; int64_t n; } reads[] = {
        {"a.compact", "read_a", values}, {"merged.compact", "read_merged", values + nb}};
    for (const auto& r : reads) {
      b.Step("deserialize", r.slot, {{"image", r.image}, {"item", "float"}, {"seed", 12}})
          .Step("serialize", r.slot, {{"form", "compact"}});
      AddReqQuery(b, r.slot, r.slot, start, r.n);
    }
    return b.Build();
  }
};

}  // namespace

const Suite& ReqExactSuite() {
  static const ReqExact* suite = new ReqExact();
  return *suite;
}

}  // namespace dsconform
