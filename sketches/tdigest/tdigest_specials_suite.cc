// tdigest.specials: the values a digest must handle or refuse: signed zeros,
// NaN (both libraries skip it), infinities and subnormals (the first values of
// the `doubles` generator, harness/case/item_stream.cc), alone and at the
// start, middle or end of an ordered stream, then images, every query and the
// image read by every engine.
#include "absl/strings/str_cat.h"
#include "sketches/tdigest/tdigest_suites.h"

namespace dsconform {
namespace {

// -0.0, 0.0; then NaN; then +inf, -inf; then the subnormals.
constexpr int64_t kSpecialCounts[] = {1, 2, 3, 5, 8};

class TdigestSpecials final : public Suite {
 public:
  std::string name() const override { return "tdigest.specials"; }
  std::string description() const override {
    return "signed zeros, NaN, infinities and subnormals alone and at the start, middle and end of a stream: "
           "images, every query, and each image read by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> ks = scale == SuiteScale::kSmoke ? std::vector<int>{10} : std::vector<int>{10, 100};
    const std::vector<int64_t> sizes = scale == SuiteScale::kSmoke ? std::vector<int64_t>{0, 1000}
                                                                   : std::vector<int64_t>{0, 1, 50, 1000, 20000};
    std::vector<Case> cases;
    for (const std::string& item : TdigestItemTypes())
      for (int k : ks)
        for (int64_t specials : kSpecialCounts)
          for (int64_t n : sizes)
            for (const char* at : {"first", "middle", "last"}) {
              if (n == 0 && std::string(at) != "first") continue;
              cases.push_back(MakeCase(item, k, specials, n, at));
            }
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, int k, int64_t specials, int64_t n, const std::string& at) const {
    CaseBuilder b(absl::StrCat("tdigest/specials/item=", item, "/k=", k, "/specials=", specials, "/n=", n, "/at=", at),
                  name(), "tdigest");
    ItemStream special;
    special.generator = ItemGenerator::kDoubles;
    special.count = specials;
    const int64_t start = -(n / 2);
    const int64_t before = at == "first" ? 0 : at == "middle" ? n / 2 : n;
    b.Step("create", "a", {{"k", k}, {"item", item}});
    if (before > 0) b.Update("a", TdigestItems(start, before, ItemOrder::kShuffled, 7));
    b.Update("a", special);
    if (n - before > 0) b.Update("a", TdigestItems(start + before, n - before, ItemOrder::kShuffled, 8));
    b.Step("serialize", "a", {{"form", "buffer"}}).Step("serialize", "a", {{"form", "compact"}});
    // n + specials values at most (NaN is skipped): grids over the ordered ones.
    AddTdigestQuery(b, "a", "a", start, n + specials);
    b.Cross({"a.compact", "a.buffer"});
    b.Step("deserialize", "r", {{"image", "a.compact"}, {"item", item}}).Step("serialize", "r", {{"form", "compact"}});
    AddTdigestQuery(b, "r", "r", start, n + specials);
    b.Step("deserialize", "rb", {{"image", "a.buffer"}, {"item", item}}).Step("serialize", "rb", {{"form", "compact"}});
    AddTdigestQuery(b, "rb", "rb", start, n + specials);
    return b.Build();
  }
};

}  // namespace

const Suite& TdigestSpecialsSuite() {
  static const TdigestSpecials* suite = new TdigestSpecials();
  return *suite;
}

}  // namespace dsconform
