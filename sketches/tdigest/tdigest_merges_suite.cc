// tdigest.merges: three digests (one of them possibly empty, their k equal or
// not) merged into a fourth in each of the 6 orders; the result's image and
// every answer, and the image read by every engine.
#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "sketches/tdigest/tdigest_suites.h"

namespace dsconform {
namespace {

struct Shape {
  const char* name;
  std::array<int, 3> k;
  std::array<int64_t, 3> n;
};

class TdigestMerges final : public Suite {
 public:
  std::string name() const override { return "tdigest.merges"; }
  std::string description() const override {
    return "three digests (empty or not, equal or different k) merged in every order: image, every query, and the "
           "image read by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Shape> shapes = {{"same_k", {100, 100, 100}, {1000, 3000, 500}},
                                 {"one_empty", {100, 100, 100}, {0, 3000, 500}},
                                 {"different_k", {10, 100, 400}, {2000, 5000, 1}}};
    if (scale != SuiteScale::kSmoke) {
      shapes.push_back({"all_empty", {50, 50, 50}, {0, 0, 0}});
      shapes.push_back({"single_values", {10, 200, 50}, {1, 1, 1}});
      shapes.push_back({"large", {200, 50, 1000}, {50000, 20000, 100000}});
    }
    std::vector<Case> cases;
    for (const std::string& item : TdigestItemTypes())
      for (const Shape& shape : shapes)
        for (int into_k : {100, 10}) {
          if (scale == SuiteScale::kSmoke && into_k != 100) continue;
          std::array<int, 3> order = {0, 1, 2};
          do cases.push_back(MakeCase(item, shape, into_k, order));
          while (std::next_permutation(order.begin(), order.end()));
        }
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, const Shape& s, int into_k, const std::array<int, 3>& order) const {
    const char* names[] = {"x", "y", "z"};
    CaseBuilder b(absl::StrCat("tdigest/merges/item=", item, "/shape=", s.name, "/into_k=", into_k, "/order=",
                               names[order[0]], names[order[1]], names[order[2]]),
                  name(), "tdigest");
    // Consecutive value ranges, each digest's values shuffled.
    int64_t start = -1000, total = 0;
    for (int i = 0; i < 3; ++i) {
      b.Step("create", names[i], {{"k", s.k[i]}, {"item", item}});
      if (s.n[i] > 0) b.Update(names[i], TdigestItems(start + total, s.n[i], ItemOrder::kShuffled, 20 + i));
      total += s.n[i];
    }
    b.Step("create", "m", {{"k", into_k}, {"item", item}});
    for (int i : order) b.Step("merge", "m", {{"from", names[i]}});
    b.Step("serialize", "m", {{"form", "compact"}});
    AddTdigestQuery(b, "m", "m", start, total);
    b.Cross({"m.compact"});
    b.Step("deserialize", "r", {{"image", "m.compact"}, {"item", item}}).Step("serialize", "r", {{"form", "compact"}});
    AddTdigestQuery(b, "r", "r", start, total);
    return b.Build();
  }
};

}  // namespace

const Suite& TdigestMergesSuite() {
  static const TdigestMerges* suite = new TdigestMerges();
  return *suite;
}

}  // namespace dsconform
