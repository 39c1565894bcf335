// tdigest.streams: t-digest is deterministic once k is fixed (neither library
// draws a random bit), so every image and answer must agree bit for bit. Per
// value type, k and input order: sizes from empty and one value through many
// compressions, values from negative to positive, optionally every value three
// times (duplicates arriving clustered); images in both forms (the buffer
// form only datasketches-cpp writes), every query, the round trip, and each
// image read, answered and written again by every engine.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "sketches/tdigest/tdigest_suites.h"

namespace dsconform {
namespace {

class TdigestStreams final : public Suite {
 public:
  std::string name() const override { return "tdigest.streams"; }
  std::string description() const override {
    return "double/float digests, k from 10 up, 4 input orders, sizes from 0 through many compressions, duplicates: "
           "compact and buffer images, every query, round trip, and each image read by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke     ? std::vector<int>{10, 100}
                                : scale == SuiteScale::kReduced ? std::vector<int>{10, 11, 50, 100, 200, 1000}
                                                                : std::vector<int>{10, 11, 20, 50, 100, 200, 500, 1000, 10000, 65535};
    const std::vector<ItemOrder> orders =
        scale == SuiteScale::kSmoke
            ? std::vector<ItemOrder>{ItemOrder::kShuffled, ItemOrder::kDescending}
            : std::vector<ItemOrder>{ItemOrder::kAscending, ItemOrder::kDescending, ItemOrder::kShuffled,
                                     ItemOrder::kAlternating};
    const int64_t max_n = scale == SuiteScale::kSmoke ? 5000 : scale == SuiteScale::kReduced ? 100000 : 1000000;
    std::vector<Case> cases;
    for (const std::string& item : TdigestItemTypes())
      for (int k : ks) {
        std::vector<int64_t> sizes = {0, 1, 2, 10, int64_t{k}, 8 * int64_t{k} + 100, 100 * int64_t{k}, max_n};
        if (scale == SuiteScale::kSmoke) sizes = {0, 1, 2, 8 * int64_t{k} + 100, max_n};
        std::sort(sizes.begin(), sizes.end());
        sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
        for (int64_t n : sizes) {
          if (n > max_n) continue;
          for (ItemOrder order : orders)
            for (int copies : {1, 3}) {
              if (copies > 1 && (n < 2 || scale == SuiteScale::kSmoke) && order != ItemOrder::kShuffled) continue;
              cases.push_back(MakeCase(item, k, n, order, copies));
            }
        }
      }
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, int k, int64_t n, ItemOrder order, int copies) const {
    CaseBuilder b(absl::StrCat("tdigest/streams/item=", item, "/k=", k, "/n=", n, "/order=", ItemOrderName(order),
                               "/copies=", copies),
                  name(), "tdigest");
    // Values from -(n/2)/4 up: negative ones, zero and positive ones.
    const int64_t start = -(n / 2);
    b.Step("create", "a", {{"k", k}, {"item", item}});
    for (int c = 0; c < copies; ++c) b.Update("a", TdigestItems(start, n, order, 5 + c));
    // The buffer form first: writing the compact form (and any query) compresses the buffer away.
    b.Step("serialize", "a", {{"form", "buffer"}})
        .Step("serialize", "a", {{"form", "compact"}});
    AddTdigestQuery(b, "a", "a", start, n);
    b.Step("deserialize", "rt", {{"image", "a.compact"}, {"item", item}})
        .Step("serialize", "rt", {{"form", "compact"}})
        .Check("equal", {"a.compact", "rt.compact"})
        .Cross({"a.compact", "a.buffer"});
    // The compact image first: a reader that throws ends the cross stage.
    b.Step("deserialize", "r", {{"image", "a.compact"}, {"item", item}})
        .Step("serialize", "r", {{"form", "compact"}});
    AddTdigestQuery(b, "r", "r", start, n);
    b.Step("deserialize", "rb", {{"image", "a.buffer"}, {"item", item}})
        .Step("serialize", "rb", {{"form", "compact"}});
    AddTdigestQuery(b, "rb", "rb", start, n);
    return b.Build();
  }
};

}  // namespace

const Suite& TdigestStreamsSuite() {
  static const TdigestStreams* suite = new TdigestStreams();
  return *suite;
}

}  // namespace dsconform
