// bloom.accuracy: filters built by accuracy for a number of items and a target
// false-positive probability, filled to half, all and twice that number with
// seeded random longs, then asked for every inserted item (none may answer
// absent: bloom_no_false_negatives) and for many never inserted, whose
// false positives are held against the filter's own estimate,
// (bits_used / capacity) ^ num_hashes, by a binomial test (bloom_fpp_binomial).
// Each trial has its own seed and items.
#include "absl/strings/str_cat.h"
#include "sketches/bloom/bloom_suites.h"

namespace dsconform {
namespace {

class BloomAccuracy final : public Suite {
 public:
  std::string name() const override { return "bloom.accuracy"; }
  std::string description() const override {
    return "filters by accuracy filled to half, all and twice their items: no inserted item may answer absent, and "
           "the false positives of never-inserted items against the filter's own estimate (binomial test)";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const bool smoke = scale == SuiteScale::kSmoke;
    const std::vector<int64_t> items = smoke ? std::vector<int64_t>{1000} : std::vector<int64_t>{1000, 100000};
    const std::vector<std::string> fpps = smoke ? std::vector<std::string>{"0.1", "0.01"}
                                                : std::vector<std::string>{"0.1", "0.01", "0.001"};
    const int trials = smoke ? 2 : scale == SuiteScale::kReduced ? 5 : 20;
    const int64_t probes = smoke ? 20000 : 100000;
    std::vector<Case> cases;
    for (int64_t max : items)
      for (const std::string& fpp : fpps)
        for (int64_t fill : {max / 2, max, 2 * max})
          for (int trial = 0; trial < trials; ++trial) {
            const BloomSpec spec = BloomSpec::ByAccuracy(max, fpp, 1000 + trial);
            CaseBuilder b(absl::StrCat("bloom/accuracy/max=", max, "/fpp=", fpp, "/n=", fill, "/trial=", trial), name(),
                          "bloom");
            // Random longs of the trial's seed in, others (another seed stream) out.
            const ItemStream in = Random(static_cast<uint64_t>(trial) * 7919 + 1, fill);
            const ItemStream out = Random(0xacc0000000000000ULL + static_cast<uint64_t>(trial), probes);
            b.Step("create", "a", spec.CreateArgs());
            b.Update("a", in);
            b.Step("query", "a", {{"queries", BloomQueries()}});
            b.StepWithItems("query_items", "a", in, {{"as", "in"}});
            b.StepWithItems("query_items", "a", out, {{"as", "out"}});
            b.Check("bloom_no_false_negatives", {"in.absent"});
            b.Check("bloom_fpp_binomial", {"out.present", "out.absent", "a.bits_used", "a.capacity", "a.num_hashes"});
            cases.push_back(b.Build());
          }
    return cases;
  }
};

}  // namespace

const Suite& BloomAccuracySuite() {
  static const BloomAccuracy* suite = new BloomAccuracy();
  return *suite;
}

}  // namespace dsconform
