// fi.skew: a few heavy items among many light ones, the heavy ones arriving
// with a large weight between the two halves of the light stream and then a
// few times more one by one: what the sketch is for. Every library must agree
// bit for bit on the images and every answer, the frequent items at both error
// types included, at the maximum error and at the heavy weight as threshold;
// each image read, updated and written by every engine.
#include "absl/strings/str_cat.h"
#include "sketches/fi/fi_suites.h"

namespace dsconform {
namespace {

constexpr int64_t kHeavy = 4;          // heavy items: values 0..3
constexpr int64_t kLightStart = 1000;  // light items: values 1000, 1001, ...

class FiSkew final : public Suite {
 public:
  std::string name() const override { return "fi.skew"; }
  std::string description() const override {
    return "4 heavy items (a large weight, then 3 single updates) among 2 to 200 times the map capacity of light "
           "ones, long and string, lg_max_map_size 3 to 12, heavy weights 2 to 2^40: images, every query, frequent "
           "items at both error types and at a threshold; each image read and updated by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> lgs = scale == SuiteScale::kSmoke     ? std::vector<int>{3, 6}
                                 : scale == SuiteScale::kReduced ? std::vector<int>{3, 6, 8, 10}
                                                                 : std::vector<int>{3, 4, 5, 6, 8, 10, 12};
    const std::vector<int64_t> multiples = scale == SuiteScale::kSmoke ? std::vector<int64_t>{10}
                                           : scale == SuiteScale::kReduced ? std::vector<int64_t>{2, 10, 50}
                                                                           : std::vector<int64_t>{2, 10, 50, 200};
    const std::vector<int64_t> weights = scale == SuiteScale::kSmoke ? std::vector<int64_t>{1000}
                                         : std::vector<int64_t>{2, 1000, int64_t{1} << 40};
    std::vector<Case> cases;
    for (const std::string& item : FiItemTypes())
      for (int lg : lgs)
        for (int64_t m : multiples)
          for (int64_t w : weights) cases.push_back(MakeCase(item, lg, FiCapacity(lg) * m, w));
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, int lg, int64_t light, int64_t w) const {
    CaseBuilder b(absl::StrCat("fi/skew/item=", item, "/lg=", lg, "/light=", light, "/heavy_w=", w), name(), "fi");
    const int64_t half = light / 2;
    b.Step("create", "a", {{"item", item}, {"lg_max_map_size", lg}})
        .Update("a", FiItems(item, kLightStart, half, 31))
        .Update("a", FiItems(item, 0, kHeavy, 0), {{"weight", w}})
        .Update("a", FiItems(item, kLightStart + half, light - half, 32));
    for (int i = 0; i < 3; ++i) b.Update("a", FiItems(item, 0, kHeavy, 33 + i));
    b.Step("serialize", "a", {{"form", "compact"}});
    std::vector<std::string> keys;
    for (int64_t v : {int64_t{0}, int64_t{1}, int64_t{2}, int64_t{3}, int64_t{999}, kLightStart, kLightStart + light - 1})
      keys.push_back(FiKey(item, v));
    AddFiQuery(b, "a", "a", keys, w, false);
    b.Cross({"a.compact"});
    b.Step("deserialize", "r", {{"image", "a.compact"}, {"item", item}}).Step("serialize", "r", {{"form", "compact"}});
    AddFiQuery(b, "r", "r", keys, w, false);
    // Heavy items again and fresh light ones: purges of a map that came from an image.
    b.Update("r", FiItems(item, 0, kHeavy, 0), {{"weight", w}})
        .Update("r", FiItems(item, kLightStart + light, light / 4 + 1, 34))
        .Step("serialize", "r", {{"form", "compact"}, {"as", "r_more"}});
    AddFiQuery(b, "r", "r_more", keys, 2 * w, false);
    return b.Build();
  }
};

}  // namespace

const Suite& FiSkewSuite() {
  static const FiSkew* suite = new FiSkew();
  return *suite;
}

}  // namespace dsconform
