// bloom.sizes: filters built both ways the libraries offer, by size (bits and
// hashes, from a single word up) and by accuracy (items and a target
// false-positive probability), with seeds at the edges of their range, filled
// with 0, 1, half, all and three times the items they are designed for: images
// before and after the bits are counted, every query, the answers for every
// inserted item and for as many never inserted, and each image read back,
// answered, updated and written again by every engine.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "sketches/bloom/bloom_suites.h"

namespace dsconform {
namespace {

std::vector<BloomSpec> SpecsFor(SuiteScale scale) {
  std::vector<BloomSpec> specs = {BloomSpec::BySize(1, 1),       BloomSpec::BySize(64, 1),
                                  BloomSpec::BySize(100, 3),     BloomSpec::BySize(1000, 5),
                                  BloomSpec::BySize(1000, 5, 0), BloomSpec::BySize(1000, 5, -1),
                                  BloomSpec::ByAccuracy(100, "0.01"), BloomSpec::ByAccuracy(1000, "0.5")};
  if (scale == SuiteScale::kSmoke) return specs;
  for (const BloomSpec& s : {BloomSpec::BySize(65, 2), BloomSpec::BySize(10007, 7), BloomSpec::BySize(1 << 16, 3),
                             BloomSpec::BySize(1 << 20, 10), BloomSpec::BySize(4096, 100),
                             BloomSpec::ByAccuracy(1, "0.1"), BloomSpec::ByAccuracy(10000, "0.001"),
                             BloomSpec::ByAccuracy(1000, "0.000001"), BloomSpec::ByAccuracy(1000, "1")})
    specs.push_back(s);
  if (scale == SuiteScale::kFull)
    for (const BloomSpec& s : {BloomSpec::BySize(1 << 24, 4), BloomSpec::ByAccuracy(1000000, "0.01"),
                               BloomSpec::BySize(1000, 5, int64_t{1} << 62)})
      specs.push_back(s);
  return specs;
}

class BloomSizes final : public Suite {
 public:
  std::string name() const override { return "bloom.sizes"; }
  std::string description() const override {
    return "filters by size and by accuracy, seeds at the edges, from empty to three times their design capacity: "
           "images, queries, answers for inserted and never-inserted longs, each image read back and updated";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Case> cases;
    for (const BloomSpec& spec : SpecsFor(scale)) {
      const int64_t design = spec.DesignItems();
      std::vector<int64_t> sizes = {0, 1, design / 2, design, 3 * design};
      std::sort(sizes.begin(), sizes.end());
      sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
      for (int64_t n : sizes) {
        CaseBuilder b(absl::StrCat("bloom/sizes/", spec.Id(), "/n=", n), name(), "bloom");
        const int64_t probes = std::clamp<int64_t>(n, 1000, 100000);
        AddBloomLifecycle(b, spec, BloomInserted(ItemGenerator::kSequence, n),
                          BloomNeverInserted(ItemGenerator::kSequence, probes),
                          BloomMore(ItemGenerator::kSequence, n, std::max<int64_t>(1, n / 2)));
        cases.push_back(b.Build());
      }
    }
    return cases;
  }
};

}  // namespace

const Suite& BloomSizesSuite() {
  static const BloomSizes* suite = new BloomSizes();
  return *suite;
}

}  // namespace dsconform
