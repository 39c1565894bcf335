// countmin.items: every kind of item a Count-min sketch hashes (longs, ASCII,
// non-ASCII UTF-8 and empty strings, byte arrays of 0 to 32 bytes) with
// positive, zero, negative, large and mixed weights, sizes from empty to
// large: image, every query, the estimates of fed and never-fed items, and the
// image read, answered, updated and written again by every engine.
#include "absl/strings/str_cat.h"
#include "sketches/countmin/countmin_suites.h"

namespace dsconform {
namespace {

constexpr int64_t kSeed = 9001;
// The update weights: "mixed" adds every item with +5, then the first half with -2.
const char* const kWeights[] = {"1", "0", "-3", "1000003", "mixed"};

ItemStream Items(ItemGenerator gen, int64_t start, uint64_t seed, int64_t count) {
  ItemStream s;
  s.generator = gen;
  s.start = start;
  s.seed = seed;
  s.count = count;
  return s;
}

class CountminItems final : public Suite {
 public:
  std::string name() const override { return "countmin.items"; }
  std::string description() const override {
    return "longs, ASCII/UTF-8/empty strings and byte arrays with positive, zero, negative, large and mixed weights: "
           "image, every query, estimates, and the image read and updated by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<ItemGenerator> gens = {ItemGenerator::kSequence,     ItemGenerator::kSplitMix64,
                                             ItemGenerator::kAsciiStrings, ItemGenerator::kUtf8Strings,
                                             ItemGenerator::kAsciiOrEmpty, ItemGenerator::kByteArrays};
    const std::vector<int64_t> sizes = scale == SuiteScale::kSmoke     ? std::vector<int64_t>{0, 1000}
                                       : scale == SuiteScale::kReduced ? std::vector<int64_t>{0, 1, 1000, 100000}
                                                                       : std::vector<int64_t>{0, 1, 1000, 100000, 2000000};
    const std::vector<std::pair<int, int64_t>> shapes =
        scale == SuiteScale::kSmoke ? std::vector<std::pair<int, int64_t>>{{3, 50}}
                                    : std::vector<std::pair<int, int64_t>>{{3, 50}, {5, 2719}};
    std::vector<Case> cases;
    for (const std::string& weight : CountminWeightTypes())
      for (const auto& [hashes, buckets] : shapes)
        for (ItemGenerator gen : gens)
          for (const char* by : kWeights)
            for (int64_t n : sizes) {
              if (n == 0 && std::string(by) != "1") continue;
              cases.push_back(MakeCase(weight, hashes, buckets, gen, by, n));
            }
    return cases;
  }

 private:
  Case MakeCase(const std::string& weight, int hashes, int64_t buckets, ItemGenerator gen, const std::string& by,
                int64_t n) const {
    CaseBuilder b(absl::StrCat("countmin/items/weight=", weight, "/hashes=", hashes, "/buckets=", buckets,
                               "/gen=", ItemGeneratorName(gen), "/by=", by, "/n=", n),
                  name(), "countmin");
    b.Step("create", "a", CountminCreate(hashes, buckets, weight, kSeed));
    const ItemStream fed = Items(gen, 0, 11, n);
    if (n > 0) {
      if (by == "mixed") {
        b.Update("a", fed, {{"weight", 5}});
        b.Update("a", Items(gen, 0, 11, n / 2), {{"weight", -2}});
      } else {
        b.Update("a", fed, {{"weight", std::stoll(by)}});
      }
    }
    b.Step("serialize", "a", {{"form", "compact"}});
    AddCountminQuery(b, "a", "a", true);
    const ItemStream queried = Items(gen, 0, 11, kCountminMaxQueried);
    // Counters start past the fed ones; random generators take another seed.
    const ItemStream absent = Items(gen, n + 1, 12, kCountminMaxQueried);
    AddCountminEstimates(b, "a", "a", queried);
    AddCountminEstimates(b, "a", "a_absent", absent);
    AddCountminCross(b, "a.compact", weight, kSeed, queried, Items(gen, n / 2, 13, 300));
    return b.Build();
  }
};

}  // namespace

const Suite& CountminItemsSuite() {
  static const CountminItems* suite = new CountminItems();
  return *suite;
}

}  // namespace dsconform
