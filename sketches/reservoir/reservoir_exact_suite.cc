// reservoir.exact: sketches that never sampled (n <= k) hold every item in the
// order it came, so every library must agree bit for bit: images, the sample,
// the subset-sum estimate, the image read back, a union of sketches of different
// k that stays within k, and (cross stage) each engine's images read by every
// other, answered, continued within k and written again.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "sketches/reservoir/reservoir_suites.h"

namespace dsconform {
namespace {

class ReservoirExact final : public Suite {
 public:
  std::string name() const override { return "reservoir.exact"; }
  std::string description() const override {
    return "long/string/double sketches (Java items and longs APIs) with n up to k, k from 1: images, the sample, "
           "subset sums, round trip, unions of sketches of different k within k, and each image read by every "
           "engine and continued";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{2, 10}
                                : scale == SuiteScale::kReduced ? std::vector<int>{1, 2, 3, 10, 128, 1000}
                                                                : std::vector<int>{1, 2, 3, 10, 128, 1000, 4096, 65536};
    std::vector<Case> cases;
    for (const ReservoirKind& kind : ReservoirKinds())
      for (int k : ks) {
        std::vector<int64_t> sizes = {0, 1, k / 2, int64_t{k} - 1, k};
        if (scale == SuiteScale::kSmoke) sizes = {0, k / 2, k};
        std::sort(sizes.begin(), sizes.end());
        sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
        for (int64_t n : sizes)
          if (n >= 0) cases.push_back(MakeCase(kind, k, n, false));
      }
    for (int64_t n : {1, 5}) cases.push_back(MakeCase({"string", "items"}, 8, n, true));
    return cases;
  }

 private:
  Case MakeCase(const ReservoirKind& kind, int k, int64_t n, bool utf8) const {
    CaseBuilder b(absl::StrCat("reservoir/exact/", kind.Id(), utf8 ? "/utf8" : "", "/k=", k, "/n=", n), name(),
                  "reservoir");
    const nlohmann::ordered_json queries = ReservoirSketchQueries(k);
    const auto create = [&](const std::string& slot, int64_t slot_k) {
      nlohmann::ordered_json args = {{"k", slot_k}};
      args.update(kind.Args());
      b.Step("create", slot, args);
    };
    const auto read = [&](const std::string& op, const std::string& slot, const std::string& image) {
      nlohmann::ordered_json args = {{"image", image}};
      args.update(kind.Args());
      b.Step(op, slot, args);
    };
    create("a", k);
    b.Update("a", ReservoirItems(kind.item, 0, n, utf8))
        .Step("serialize", "a", {{"form", "compact"}})
        .Step("query", "a", {{"queries", queries}});
    read("deserialize", "rt", "a.compact");
    b.Step("serialize", "rt", {{"form", "compact"}}).Check("equal", {"a.compact", "rt.compact"});

    // A union of a and of b, a sketch of another k holding the items after a's, as many as
    // keep the union within a's k (so no random bits are drawn).
    const int64_t kb = 2 * int64_t{k} + 1, nb = k - n;
    create("b", kb);
    b.Update("b", ReservoirItems(kind.item, n, nb, utf8));
    nlohmann::ordered_json union_args = {{"max_k", k + 3}};
    union_args.update(kind.Args());
    b.Step("create_union", "u", union_args)
        .Step("union", "u", {{"from", "a"}})
        .Step("union", "u", {{"from", "b"}})
        .Step("serialize", "u", {{"form", "compact"}})
        .Step("query", "u", {{"queries", {"max_k"}}})
        .Step("get_result", "r", {{"from", "u"}})
        .Step("serialize", "r", {{"form", "compact"}})
        .Step("query", "r", {{"queries", queries}});

    b.Cross({"a.compact", "u.compact"});
    read("deserialize", "read_a", "a.compact");
    b.Step("serialize", "read_a", {{"form", "compact"}}).Step("query", "read_a", {{"queries", queries}});
    // Continued after the read, up to k: still no random bits.
    b.Update("read_a", ReservoirItems(kind.item, n, k - n, utf8))
        .Step("serialize", "read_a", {{"form", "compact"}, {"as", "continued"}})
        .Step("query", "read_a", {{"queries", queries}, {"as", "continued"}});
    read("deserialize_union", "read_u", "u.compact");
    b.Step("serialize", "read_u", {{"form", "compact"}})
        .Step("get_result", "read_r", {{"from", "read_u"}})
        .Step("query", "read_r", {{"queries", queries}});
    return b.Build();
  }
};

}  // namespace

const Suite& ReservoirExactSuite() {
  static const ReservoirExact* suite = new ReservoirExact();
  return *suite;
}

}  // namespace dsconform
