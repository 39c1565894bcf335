// ebpps.exact: equal weights and n up to k keep every item (C = n, no partial
// item, no random draw), so every library must agree bit for bit: images, the
// sample, every query, the round trip, merges that stay within k (by copy and
// by move), and (cross stage) each engine's images read by every other,
// answered, continued within k and written again.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "sketches/ebpps/ebpps_suites.h"

namespace dsconform {
namespace {

class EbppsExact final : public Suite {
 public:
  std::string name() const override { return "ebpps.exact"; }
  std::string description() const override {
    return "long/string sketches of equal weights with n up to k, k from 1: images, the sample, every query, round "
           "trip, merges within k by copy and move, and each image read by every engine and continued";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{1, 10}
                                : scale == SuiteScale::kReduced ? std::vector<int>{1, 2, 3, 10, 128, 1000}
                                                                : std::vector<int>{1, 2, 3, 10, 128, 1000, 4096, 65536};
    const std::vector<std::string> weights =
        scale == SuiteScale::kSmoke ? std::vector<std::string>{"1"} : std::vector<std::string>{"1", "0.5", "1000"};
    std::vector<Case> cases;
    for (const char* item : {"long", "string"})
      for (int k : ks)
        for (const std::string& w : weights) {
          std::vector<int64_t> sizes = {0, 1, k / 2, int64_t{k} - 1, k};
          if (scale == SuiteScale::kSmoke) sizes = {0, k / 2, k};
          std::sort(sizes.begin(), sizes.end());
          sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
          for (int64_t n : sizes)
            if (n >= 0) cases.push_back(MakeCase(item, k, n, w, false));
        }
    for (int64_t n : {1, 5}) cases.push_back(MakeCase("string", 8, n, "1", true));
    return cases;
  }

 private:
  // The sample as fields (one per item) only up to k = 4096, as Frequent items lists its items:
  // past it they multiply records and memory, and the images hold the same items.
  static constexpr int kListedK = 4096;

  Case MakeCase(const std::string& item, int k, int64_t n, const std::string& w, bool utf8) const {
    CaseBuilder b(absl::StrCat("ebpps/exact/item=", item, utf8 ? "/utf8" : "", "/k=", k, "/n=", n, "/weight=", w),
                  name(), "ebpps");
    const nlohmann::ordered_json weight = w == "1" ? nlohmann::ordered_json::object()
                                                   : nlohmann::ordered_json{{"weight", w}};
    b.Step("create", "a", {{"k", k}, {"item", item}})
        .Update("a", EbppsItems(item, 0, n, utf8), weight)
        .Step("serialize", "a", {{"form", "compact"}})
        .Step("query", "a", {{"queries", EbppsQueries()}});
    if (k <= kListedK) b.Step("result", "a", {{"as", "a"}});
    b.Step("deserialize", "rt", {{"image", "a.compact"}, {"item", item}})
        .Step("serialize", "rt", {{"form", "compact"}})
        .Check("equal", {"a.compact", "rt.compact"});
    // b holds the items after a's, as many as keep a merge within k.
    const int64_t nb = k - n;
    b.Step("create", "b", {{"k", k}, {"item", item}}).Update("b", EbppsItems(item, n, nb, utf8), weight);
    b.Step("create", "m", {{"k", k}, {"item", item}}).Update("m", EbppsItems(item, 0, n, utf8), weight);
    b.Step("merge", "m", {{"from", "b"}, {"how", "copy"}})
        .Step("serialize", "m", {{"form", "compact"}})
        .Step("query", "m", {{"queries", EbppsQueries()}});
    if (k <= kListedK) b.Step("result", "m", {{"as", "m"}});
    b.Cross({"a.compact", "m.compact"});
    b.Step("deserialize", "read_a", {{"image", "a.compact"}, {"item", item}})
        .Step("serialize", "read_a", {{"form", "compact"}})
        .Step("query", "read_a", {{"queries", EbppsQueries()}});
    if (k <= kListedK) b.Step("result", "read_a", {{"as", "read_a"}});
    b.Update("read_a", EbppsItems(item, n, nb, utf8), weight)
        .Step("serialize", "read_a", {{"form", "compact"}, {"as", "continued"}})
        .Step("deserialize", "read_m", {{"image", "m.compact"}, {"item", item}})
        .Step("serialize", "read_m", {{"form", "compact"}});
    if (k <= kListedK) b.Step("result", "read_m", {{"as", "read_m"}});
    return b.Build();
  }
};

}  // namespace

const Suite& EbppsExactSuite() {
  static const EbppsExact* suite = new EbppsExact();
  return *suite;
}

}  // namespace dsconform
