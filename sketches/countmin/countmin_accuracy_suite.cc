// countmin.accuracy: the guarantee both libraries state, checked on each
// engine's own answers (countmin_invariants.h): every item fed once with
// weight 1, then every fed item's estimate at or above its true count 1, and
// estimates above 1 + relative_error x total_weight no more often than the
// failure probability exp(-num_hashes) allows (a binomial test). Per shape
// (hash and bucket counts, among them those the libraries suggest for a
// relative error and a confidence), per size (from a few items per bucket to
// many) and per trial (the seed, so the hash functions, changes).
#include "absl/strings/str_cat.h"
#include "sketches/countmin/countmin_invariants.h"
#include "sketches/countmin/countmin_suites.h"

namespace dsconform {
namespace {

// Estimates asked per case: enough for the binomial test, few enough for a record.
constexpr int64_t kQueried = 512;

class CountminAccuracy final : public Suite {
 public:
  std::string name() const override { return "countmin.accuracy"; }
  std::string description() const override {
    return "every item fed once: no estimate below its count, and estimates above the stated error no more often "
           "than the stated confidence allows (binomial test), per shape, size and seed";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    // (hashes, buckets): 272 and 3 are what both suggest for relative error 0.01 and confidence 0.95.
    std::vector<std::pair<int, int64_t>> shapes = {{3, 272}, {1, 100}};
    std::vector<int64_t> sizes = {1000, 20000};
    int trials = 2;
    if (scale != SuiteScale::kSmoke) {
      shapes.push_back({5, 2719});
      shapes.push_back({2, 28});
      sizes.push_back(200000);
      trials = 8;
    }
    if (scale == SuiteScale::kFull) trials = 32;
    std::vector<Case> cases;
    for (const std::string& weight : CountminWeightTypes())
      for (const auto& [hashes, buckets] : shapes)
        for (int64_t n : sizes)
          for (int t = 0; t < trials; ++t) cases.push_back(MakeCase(weight, hashes, buckets, n, t));
    return cases;
  }

 private:
  Case MakeCase(const std::string& weight, int hashes, int64_t buckets, int64_t n, int trial) const {
    CaseBuilder b(absl::StrCat("countmin/accuracy/weight=", weight, "/hashes=", hashes, "/buckets=", buckets, "/n=", n,
                               "/trial=", trial),
                  name(), "countmin");
    // A seed per trial: each trial draws other hash functions.
    b.Step("create", "a", CountminCreate(hashes, buckets, weight, 1000 + trial));
    b.Update("a", Sequence(0, n));
    b.Step("query", "a", {{"queries", {"total_weight", "num_hashes", "relative_error"}}});
    std::vector<std::string> fields = {"a.total_weight", "a.num_hashes", "a.relative_error"};
    // Items spread over the stream: every (n / kQueried)-th one is queried.
    for (int64_t chunk = 0; chunk < kQueried; chunk += kCountminMaxQueried) {
      b.StepWithItems("estimate", "a", Sequence(chunk * n / kQueried, kCountminMaxQueried),
                      {{"as", absl::StrCat("q", chunk / kCountminMaxQueried)}});
      for (int64_t i = 0; i < kCountminMaxQueried; ++i)
        fields.push_back(absl::StrCat("q", chunk / kCountminMaxQueried, ".estimate[", i, "]"));
    }
    b.Check(kCountminUnitCounts, fields);
    return b.Build();
  }
};

}  // namespace

const Suite& CountminAccuracySuite() {
  static const CountminAccuracy* suite = new CountminAccuracy();
  return *suite;
}

}  // namespace dsconform
