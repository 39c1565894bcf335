// bloom.items: every item kind both libraries accept (longs sequential and
// random, doubles with -0.0, NaN, infinities and subnormals, ASCII and UTF-8
// strings, empty strings, byte arrays with empty ones among them) into one filter per kind
// and size: images, answers for the inserted items and for never-inserted ones
// of the kind, and the image read back and updated by every engine.
#include "absl/strings/str_cat.h"
#include "sketches/bloom/bloom_suites.h"

namespace dsconform {
namespace {

class BloomItems final : public Suite {
 public:
  std::string name() const override { return "bloom.items"; }
  std::string description() const override {
    return "longs, doubles (signed zeros, NaN, infinities, subnormals), ASCII and UTF-8 strings and byte arrays: "
           "images, answers for inserted and never-inserted items of the kind, each image read back and updated";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int64_t> sizes = scale == SuiteScale::kSmoke ? std::vector<int64_t>{1, 12, 1000}
                                                                   : std::vector<int64_t>{1, 2, 12, 100, 1000, 5000};
    const BloomSpec spec = BloomSpec::ByAccuracy(1000, "0.01");
    std::vector<Case> cases;
    std::vector<ItemGenerator> generators = HashedItemGenerators();
    generators.push_back(ItemGenerator::kAsciiOrEmpty);  // the empty string, which both libraries ignore
    for (ItemGenerator generator : generators)
      for (int64_t n : sizes) {
        CaseBuilder b(absl::StrCat("bloom/items/gen=", ItemGeneratorName(generator), "/", spec.Id(), "/n=", n), name(),
                      "bloom");
        AddBloomLifecycle(b, spec, BloomInserted(generator, n), BloomNeverInserted(generator, 1000),
                          BloomMore(generator, n, 100));
        cases.push_back(b.Build());
      }
    return cases;
  }
};

}  // namespace

const Suite& BloomItemsSuite() {
  static const BloomItems* suite = new BloomItems();
  return *suite;
}

}  // namespace dsconform
