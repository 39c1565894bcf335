// bloom.suggest: what the builders' suggest functions answer (bits for a number
// of items and a target false-positive probability, hashes for a target and for
// items and bits, the serialized size of a number of bits) over a grid from the
// smallest arguments to a billion items, and a filter built by accuracy at each
// point that both libraries can allocate: its capacity and hashes.
#include "absl/strings/str_cat.h"
#include "sketches/bloom/bloom_suites.h"

namespace dsconform {
namespace {

class BloomSuggest final : public Suite {
 public:
  std::string name() const override { return "bloom.suggest"; }
  std::string description() const override {
    return "suggested bits and hashes for items and target false-positive probabilities, hashes for items and bits, "
           "serialized sizes, and the capacity and hashes of a filter built by accuracy at each point";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const bool smoke = scale == SuiteScale::kSmoke;
    const std::vector<int64_t> items = smoke ? std::vector<int64_t>{1, 1000, 1000000000}
                                             : std::vector<int64_t>{1, 2, 10, 1000, 65536, 1000000, 1000000000};
    const std::vector<std::string> fpps = smoke ? std::vector<std::string>{"1", "0.5", "0.01", "0.000001"}
                                                : std::vector<std::string>{"1", "0.999", "0.5", "0.1", "0.05", "0.01",
                                                                           "0.001", "0.000001", "0.000000001", "0.0000000000000001"};
    const std::vector<int64_t> bits = smoke ? std::vector<int64_t>{1, 1000, 1 << 20}
                                            : std::vector<int64_t>{1, 63, 64, 65, 1000, 1 << 20, int64_t{1} << 32};
    std::vector<Case> cases;
    for (int64_t n : items)
      for (const std::string& fpp : fpps)
        for (int64_t m : bits) {
          CaseBuilder b(absl::StrCat("bloom/suggest/max=", n, "/fpp=", fpp, "/bits=", m), name(), "bloom");
          b.Step("suggest", "", {{"max_items", n}, {"fpp", fpp}, {"num_bits", m}, {"as", "s"}});
          // A filter by accuracy at the grid's first bits only, and only where it stays small.
          if (m == bits.front() && n <= 1000000 && fpp != "0.0000000000000001") {
            b.Step("create", "a", BloomSpec::ByAccuracy(n, fpp).CreateArgs());
            b.Step("query", "a", {{"queries", nlohmann::ordered_json::array({"capacity", "num_hashes", "serialized_size"})}});
          }
          cases.push_back(b.Build());
        }
    return cases;
  }
};

}  // namespace

const Suite& BloomSuggestSuite() {
  static const BloomSuggest* suite = new BloomSuggest();
  return *suite;
}

}  // namespace dsconform
